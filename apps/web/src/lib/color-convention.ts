import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@bourse/shared/languages';
import { COLOR_CONVENTIONS } from '@bourse/shared/color-conventions';
import type { ColorConvention } from '@bourse/shared/schemas/auth';
import { useSessionStore } from './session-store';

/** Local-storage key of the convention chosen on this device (absent: the language decides). */
export const COLOR_CONVENTION_STORAGE_KEY = 'colorConvention';

/**
 * Rise and fall colours of each convention, 4.5:1 or more on white and on the box grey (theme.css
 * carries the same values as `--color-rise` / `--color-fall`; the chart, drawn on canvas, takes them
 * from here).
 */
export const RISE_FALL_COLORS: Record<ColorConvention, { rise: string; fall: string }> = {
  'green-up': { rise: '#0a7a45', fall: '#cf1322' },
  'red-up': { rise: '#cf1322', fall: '#0a7a45' },
};

/** Mainland China, Hong Kong and Taiwan read red as up: the Chinese interfaces default to red-up. */
export function defaultColorConvention(lang: Language): ColorConvention {
  return lang === 'zh-CN' || lang === 'zh-TW' ? 'red-up' : 'green-up';
}

function isColorConvention(value: unknown): value is ColorConvention {
  return COLOR_CONVENTIONS.some((convention) => convention === value);
}

/** The convention chosen on this device; null when none was. */
export function readStoredColorConvention(): ColorConvention | null {
  const stored = localStorage.getItem(COLOR_CONVENTION_STORAGE_KEY);
  return isColorConvention(stored) ? stored : null;
}

interface ColorConventionState {
  /** The device's choice; null: none. */
  choice: ColorConvention | null;
  setChoice: (choice: ColorConvention | null) => void;
}

export const useColorConventionStore = create<ColorConventionState>()((set) => ({
  choice: readStoredColorConvention(),
  setChoice: (choice) => set({ choice }),
}));

/**
 * The convention in force: the logged-in investor's stored choice, else the one made on this
 * device, else the language's default.
 */
export function resolveColorConvention(input: {
  profile: ColorConvention | null | undefined;
  device: ColorConvention | null;
  lang: Language;
}): ColorConvention {
  return input.profile ?? input.device ?? defaultColorConvention(input.lang);
}

/** The explicit choice in force (profile, then device); null when the language decides. */
export function useColorConventionChoice(): ColorConvention | null {
  const profile = useSessionStore((state) => (state.token ? state.userInfo?.colorConvention : null));
  const device = useColorConventionStore((state) => state.choice);
  return profile ?? device;
}

/** The convention in force, re-rendering when the choice or the language changes. */
export function useColorConvention(): ColorConvention {
  const choice = useColorConventionChoice();
  // The language i18next renders: it changes with the interface language.
  const { i18n } = useTranslation();
  const fallback = useSessionStore((state) => state.language);
  const lang = isLanguage(i18n.language) ? i18n.language : fallback;
  return choice ?? defaultColorConvention(lang);
}

/** The rise and fall colours in force (for what is drawn on canvas). */
export function useRiseFallColors(): { rise: string; fall: string } {
  return RISE_FALL_COLORS[useColorConvention()];
}

/** Sets `<html data-color-convention>`, which theme.css's `--color-rise` / `--color-fall` follow. */
export function applyColorConvention(convention: ColorConvention): void {
  document.documentElement.dataset['colorConvention'] = convention;
}

/**
 * Chooses a convention (null: back to the language's default): on this device at once and, for a
 * logged-in investor, in the profile. A failed save keeps the local choice (the request client has
 * already said why).
 */
export async function changeColorConvention(choice: ColorConvention | null): Promise<void> {
  if (choice === null) localStorage.removeItem(COLOR_CONVENTION_STORAGE_KEY);
  else localStorage.setItem(COLOR_CONVENTION_STORAGE_KEY, choice);
  useColorConventionStore.getState().setChoice(choice);
  const session = useSessionStore.getState();
  if (!session.token) return;
  // The profile's copy would otherwise win until the save answers.
  if (session.userInfo) session.setUserInfo({ ...session.userInfo, colorConvention: choice });
  try {
    // The profile API (and its schemas) only when saving: this module is part of the first screen.
    const [{ rememberUserInfo }, { updateProfile }] = await Promise.all([
      import('./api/get-user-info'),
      import('./api/update-profile'),
    ]);
    rememberUserInfo(await updateProfile({ colorConvention: choice }));
  } catch {
    // Kept local: the colours on this device are what the investor chose.
  }
}
