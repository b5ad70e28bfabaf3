import type { Language } from '@bourse/shared/languages';
import { applyLanguage, loadFirstScreenLanguage, loadLanguage } from './i18n';
import { persistLanguage } from './language-storage';
import { useSessionStore } from './session-store';

/**
 * Applies the stored language at start-up and refreshes the Local_Lang cookie. Resolves once the
 * first screen's sections of its catalog (a small chunk) are loaded and applied: main.tsx awaits it
 * before the first render, then loads the whole catalog, which every screen but the login waits for.
 */
export async function initLanguage(): Promise<Language> {
  const lang = useSessionStore.getState().language;
  persistLanguage(lang);
  await loadFirstScreenLanguage(lang);
  applyLanguage(lang);
  return lang;
}

/**
 * Saves the language in the profile. The profile API (and its schemas) is loaded only then: this module
 * is part of the first screen.
 */
async function saveProfileLanguage(lang: Language): Promise<void> {
  const [{ rememberUserInfo }, { updateProfile }] = await Promise.all([
    import('./api/get-user-info'),
    import('./api/update-profile'),
  ]);
  rememberUserInfo(await updateProfile({ lang }));
}

/**
 * Switches the interface language: i18next, `<html lang>`, local storage, the Local_Lang cookie and,
 * for a logged-in user, the profile (so server-sent messages follow). Resolves once the profile is
 * saved; a failed save keeps the local choice (the request client has already shown why).
 */
export async function changeLanguage(lang: Language): Promise<void> {
  // The new catalog first: the screen keeps the old language until the new one can be shown whole.
  await loadLanguage(lang);
  persistLanguage(lang);
  useSessionStore.getState().setLanguage(lang);
  applyLanguage(lang);
  if (!useSessionStore.getState().token) return;
  try {
    await saveProfileLanguage(lang);
  } catch {
    // Kept local: the language on this device is what the user chose.
  }
}

/**
 * After login, aligns the profile with the language chosen on this device, so codes and
 * notifications the server sends arrive in the language the user reads.
 */
export async function syncProfileLanguage(profileLanguage: Language): Promise<void> {
  const lang = useSessionStore.getState().language;
  if (profileLanguage === lang) return;
  try {
    await saveProfileLanguage(lang);
  } catch {
    // Not worth interrupting the login for; the next language change retries.
  }
}
