import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../test/api-stub.ts';
import { ADMIN, TOKEN, pageOf, renderApp } from '../test/render-app.tsx';
import type * as InvitationsModule from '../features/invitations/components/invitations-screen.tsx';

// The invitations screen stands in for any screen that throws while rendering.
const screenState = vi.hoisted(() => ({ throws: false }));
vi.mock('../features/invitations/components/invitations-screen.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof InvitationsModule>();
  return {
    InvitationsScreen: () => {
      if (screenState.throws) throw new Error('render failed');
      return original.InvitationsScreen();
    },
  };
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  screenState.throws = false;
});

describe('console error boundary', () => {
  it('shows "something went wrong" with Retry instead of a blank console, and Retry renders the screen again', async () => {
    stubApi({
      'GET /api/admin/me': () => ok(ADMIN),
      'GET /api/admin/invitations': () => ok(pageOf([])),
    });
    screenState.throws = true;
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '#/');

    screenState.throws = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Invitation codes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
