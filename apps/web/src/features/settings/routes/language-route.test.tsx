import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '@bourse/shared/i18n/de';
import { LANGUAGE_NAMES, LANGUAGES } from '@bourse/shared/languages';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('language choice', () => {
  it('lists all twelve languages by their own names, the current one checked', async () => {
    mockFetch({});
    renderApp('/setting/language');
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
      LANGUAGES.map((lang) => LANGUAGE_NAMES[lang]),
    );
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByText('Ελληνικά')).toHaveAttribute('lang', 'el');
  });

  it('switches the interface at once', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/setting/language');

    await user.click(await screen.findByRole('radio', { name: 'Deutsch' }));

    expect(await screen.findByRole('heading', { level: 1, name: de.language.title })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
    expect(await screen.findByText(de.language.changed)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('lang')).toBe('de');
  });
});
