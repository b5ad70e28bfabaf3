import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import type * as LanguageModule from '../../../lib/language';

/** A catalog that has not arrived yet: the switch waits for it (lib/language.ts). */
const release: Array<(ok: boolean) => void> = [];
vi.mock('../../../lib/language', async (importOriginal) => {
  const original = await importOriginal<typeof LanguageModule>();
  return {
    ...original,
    changeLanguage: () =>
      new Promise<void>((resolve, reject) => {
        release.push((ok) => (ok ? resolve() : reject(new Error('chunk failed'))));
      }),
  };
});

describe('language choice while its catalog loads', () => {
  it('shows the tapped language as chosen at once, and the old one again when loading fails', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/setting/language');

    await user.click(await screen.findByRole('radio', { name: 'Deutsch' }));
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
    expect(screen.getByRole('group')).toHaveAttribute('aria-busy', 'true');

    release.shift()?.(false);
    expect(await screen.findByRole('radio', { name: 'English' })).toBeChecked();
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'English' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Deutsch' })).not.toBeChecked();
    expect(screen.getByRole('group')).toHaveAttribute('aria-busy', 'false');
  });
});
