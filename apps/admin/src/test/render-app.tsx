import { render, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { formatMoney } from '@bourse/shared/format';
import type { Language } from '@bourse/shared/languages';
import type { Invitation, OperatorInfo } from '@bourse/shared/schemas/admin';
import type { Page } from '@bourse/shared/schemas/common';
import { AdminApp } from '../app/app.tsx';
import { changeLanguage } from '../lib/i18n.ts';
import { TOKEN_STORAGE_KEY } from '../lib/session.ts';
import { ok } from './api-stub.ts';

export const ADMIN: OperatorInfo = { id: 1, username: 'alice', roles: ['admin'] };
export const SUPPORT: OperatorInfo = { id: 2, username: 'bob', roles: ['support'] };
export const FINANCE: OperatorInfo = { id: 3, username: 'carol', roles: ['finance'] };
export const COMPLIANCE: OperatorInfo = { id: 4, username: 'dora', roles: ['compliance'] };

export const TOKEN = 'operator-token-1';

/** The deployment currency the stubbed server announces; amounts on screen carry its symbol. */
export const CURRENCY = 'EUR';

/** The public configuration route, which gives the console the deployment currency. */
export const configRoute = { 'GET /api/stock/getconfig': () => ok({ currency: CURRENCY }) };

/** An amount as the console shows it in English, formatted by the shared helper as the screens do. */
export const money = (amount: string) => formatMoney(amount, { lang: 'en', currency: CURRENCY });

export function invitationFixture(overrides: Partial<Invitation> = {}): Invitation {
  return {
    code: 'ALPHA123',
    note: null,
    maxUses: null,
    uses: 0,
    status: 'active',
    createdAt: '2026-03-02T08:30:00.000Z',
    createdBy: 'alice',
    ...overrides,
  };
}

export const pageOf = <T,>(
  items: T[],
  options: { total?: number; page?: number; pageSize?: number } = {},
): Page<T> => ({
  items,
  total: options.total ?? items.length,
  page: options.page ?? 1,
  pageSize: options.pageSize ?? 20,
});

/**
 * Renders the whole console at `path` (hash route), signed in when `token` is given, in English
 * unless told otherwise so assertions read like the screen.
 */
export async function renderApp(options: { path?: string; token?: string; language?: Language } = {}) {
  if (options.token) localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  await changeLanguage(options.language ?? 'en');
  window.location.hash = `#${options.path ?? '/'}`;
  const user = userEvent.setup();
  return { user, ...render(<AdminApp />) };
}

/**
 * Waits until every one of `texts` is shown in `container` at the same time. For a form's messages after
 * a submit: the form validates again on submit and clears a field's message while it does (antd removes
 * it after 10 ms), so a message found while typing can be gone a moment later and come back as a new
 * element — `expect(await findByText(…)).toBeInTheDocument()` then fails on a busy machine.
 */
export async function waitForTexts(container: HTMLElement, texts: string[]): Promise<void> {
  await waitFor(() => {
    for (const text of texts) expect(within(container).getByText(text)).toBeInTheDocument();
  });
}
