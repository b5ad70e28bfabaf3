import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { en } from '@bourse/shared/i18n/en';
import type { Language } from '@bourse/shared/languages';
import { mockFetch, ok } from '../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../test/render-app';
import { changeColorConvention, defaultColorConvention, resolveColorConvention } from './color-convention';
import { applyLanguage } from './i18n';
import { useSessionStore } from './session-store';

const convention = () => document.documentElement.dataset['colorConvention'];

function useLanguageOf(lang: Language) {
  localStorage.setItem('lang', lang);
  useSessionStore.getState().setLanguage(lang);
  applyLanguage(lang);
}

describe('the colour convention', () => {
  it('defaults by language: Chinese red-up, the others green-up', () => {
    expect(defaultColorConvention('zh-CN')).toBe('red-up');
    expect(defaultColorConvention('zh-TW')).toBe('red-up');
    for (const lang of ['de', 'en', 'fr', 'el', 'ru'] as const) expect(defaultColorConvention(lang)).toBe('green-up');
    expect(resolveColorConvention({ profile: null, device: null, lang: 'zh-CN' })).toBe('red-up');
    expect(resolveColorConvention({ profile: null, device: 'green-up', lang: 'zh-CN' })).toBe('green-up');
    expect(resolveColorConvention({ profile: 'red-up', device: 'green-up', lang: 'de' })).toBe('red-up');
  });

  it('marks the page red-up in Chinese and green-up in German when nobody chose', async () => {
    mockFetch({});
    useLanguageOf('zh-CN');
    const { unmount } = renderApp('/setting/language');
    await waitFor(() => expect(convention()).toBe('red-up'));
    unmount();

    useLanguageOf('de');
    renderApp('/setting/language');
    await waitFor(() => expect(convention()).toBe('green-up'));
    // Switching the language to Chinese follows with the colours.
    act(() => useLanguageOf('zh-TW'));
    await waitFor(() => expect(convention()).toBe('red-up'));
  });

  it('an explicit choice wins over the language, on the device and from the profile', async () => {
    mockFetch({});
    useLanguageOf('zh-CN');
    localStorage.setItem('colorConvention', 'green-up');
    const { useColorConventionStore, readStoredColorConvention } = await import('./color-convention');
    useColorConventionStore.setState({ choice: readStoredColorConvention() });
    const { unmount } = renderApp('/setting/language');
    await waitFor(() => expect(convention()).toBe('green-up'));
    unmount();

    // A logged-in investor's stored choice wins over the device's.
    useSessionStore.getState().signIn({ token: 't', userInfo: { ...sampleUser, colorConvention: 'red-up' } });
    useSessionStore.getState().setConfig(sampleConfig);
    renderApp('/setting/language');
    await waitFor(() => expect(convention()).toBe('red-up'));
  });

  it('is chosen on the settings screen: applied at once, kept on the device and in the profile', async () => {
    const { sent } = mockFetch({
      'POST /api/user/profile': () => ok({ ...sampleUser, colorConvention: 'red-up' }),
    });
    useSessionStore.getState().signIn({ token: 't', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    const user = userEvent.setup();
    renderApp('/setting/colors');

    expect(await screen.findByRole('radio', { name: new RegExp(en.colors.auto) })).toBeChecked();
    await waitFor(() => expect(convention()).toBe('green-up'));
    await user.click(screen.getByRole('radio', { name: en.colors.redUp }));

    await waitFor(() => expect(convention()).toBe('red-up'));
    expect(screen.getByRole('radio', { name: en.colors.redUp })).toBeChecked();
    expect(localStorage.getItem('colorConvention')).toBe('red-up');
    await waitFor(() => expect(sent.some((r) => r.url.endsWith('/api/user/profile'))).toBe(true));
    const request = sent.find((r) => r.url.endsWith('/api/user/profile'))!;
    expect(request.body).toEqual({ colorConvention: 'red-up' });
    expect(await screen.findByText(en.colors.changed)).toBeInTheDocument();
  });

  it('works logged out, on this device only; "follow the language" forgets the choice', async () => {
    const { sent } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/setting/colors');
    await user.click(await screen.findByRole('radio', { name: en.colors.redUp }));
    await waitFor(() => expect(convention()).toBe('red-up'));
    expect(localStorage.getItem('colorConvention')).toBe('red-up');
    await user.click(screen.getByRole('radio', { name: new RegExp(en.colors.auto) }));
    await waitFor(() => expect(convention()).toBe('green-up'));
    expect(localStorage.getItem('colorConvention')).toBeNull();
    expect(sent).toHaveLength(0);
    await act(() => changeColorConvention('red-up'));
    expect(convention()).toBe('red-up');
  });
});
