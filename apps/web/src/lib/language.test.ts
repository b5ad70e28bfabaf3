import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../test/fetch-mock';
import { i18n } from './i18n';
import { changeLanguage, initLanguage } from './language';
import {
  LANGUAGE_COOKIE_NAME,
  LANGUAGE_STORAGE_KEY,
  persistLanguage,
  readLanguageCookie,
  readStoredLanguage,
} from './language-storage';
import { readInitialSession, useSessionStore } from './session-store';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('stored language', () => {
  it('defaults to German and saves it when nothing is stored', () => {
    localStorage.clear();
    expect(readStoredLanguage()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('replaces an unknown stored value with German', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(readStoredLanguage()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('keeps a supported stored language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-TW');
    expect(readStoredLanguage()).toBe('zh-TW');
  });

  it('starts a fresh page load in German, applied everywhere', async () => {
    localStorage.clear();
    useSessionStore.setState(readInitialSession());
    expect(await initLanguage()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(Cookies.get(LANGUAGE_COOKIE_NAME)).toBe('{"lang":"de","language_name":"Deutsch"}');
  });
});

describe('Local_Lang cookie', () => {
  it('holds the language and its name as JSON and expires after three days', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const writtenAt = new Date('2026-03-01T12:00:00Z').getTime();
    vi.setSystemTime(writtenAt);

    persistLanguage('el');

    expect(JSON.parse(Cookies.get(LANGUAGE_COOKIE_NAME)!)).toEqual({ lang: 'el', language_name: 'Ελληνικά' });
    vi.setSystemTime(writtenAt + 3 * DAY_MS - 60_000);
    expect(readLanguageCookie()).toEqual({ lang: 'el', language_name: 'Ελληνικά' });
    vi.setSystemTime(writtenAt + 3 * DAY_MS + 60_000);
    expect(Cookies.get(LANGUAGE_COOKIE_NAME)).toBeUndefined();
  });
});

describe('changing the language', () => {
  it('switches i18next, <html lang>, storage, cookie and store; no request when logged out', async () => {
    const { spy } = mockFetch({});
    await changeLanguage('fr');

    expect(i18n.language).toBe('fr');
    expect(i18n.t('common.cancel')).toBe((await import('@bourse/shared/i18n/fr')).fr.common.cancel);
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(readLanguageCookie()).toEqual({ lang: 'fr', language_name: 'Français' });
    expect(useSessionStore.getState().language).toBe('fr');
    expect(spy).not.toHaveBeenCalled();
  });

  it('saves the language in the profile when logged in', async () => {
    const profile = {
      id: 1,
      phone: '+4915123456789',
      nickname: 'Ada',
      avatar: null,
      lang: 'en',
      kycStatus: 'none',
      level: 1,
      creditPoints: 0,
      hasTradingPassword: false,
      createdAt: '2026-01-01T00:00:00Z',
    } as const;
    useSessionStore.getState().signIn({ token: 't1', userInfo: profile });
    const { sent } = mockFetch({ 'POST /api/user/profile': () => ok({ ...profile, lang: 'sv' }) });

    await changeLanguage('sv');

    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ lang: 'sv' });
    expect(sent[0]!.headers.lang).toBe('sv');
    expect(sent[0]!.headers.token).toBe('t1');
    expect(useSessionStore.getState().userInfo?.lang).toBe('sv');
  });
});
