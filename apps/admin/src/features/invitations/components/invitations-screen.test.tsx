import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@bourse/shared/format';
import type { Invitation } from '@bourse/shared/schemas/admin';
import { TOKEN_STORAGE_KEY } from '../../../lib/session.ts';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { SUPPORT, TOKEN, invitationFixture, pageOf, renderApp } from '../../../test/render-app.tsx';
import { browserTimeZone } from '../../../ui/date-time.tsx';

const LIST = 'GET /api/admin/invitations';

const limited = invitationFixture({ code: 'ALPHA123', note: 'Spring fair', maxUses: 10, uses: 3, status: 'active' });
const unlimitedDisabled = invitationFixture({
  code: 'BETA4567',
  note: null,
  maxUses: null,
  uses: 0,
  status: 'disabled',
  createdBy: null,
});

/** A server holding `invitations`, newest first, that creates and disables codes like the real one. */
function stubInvitationServer(initial: Invitation[]) {
  let invitations = [...initial];
  return stubApi({
    'GET /api/admin/me': () => ok(SUPPORT),
    [LIST]: ({ query }: RecordedRequest) => {
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      const items = invitations.slice((page - 1) * pageSize, page * pageSize);
      return ok(pageOf(items, { total: invitations.length, page, pageSize }));
    },
    'POST /api/admin/invitations': ({ body }) => {
      const { note, maxUses } = body as { note?: string; maxUses?: number };
      const created = invitationFixture({
        code: 'NEWCODE9',
        note: note ?? null,
        maxUses: maxUses ?? null,
        createdBy: 'bob',
      });
      invitations = [created, ...invitations];
      return ok(created);
    },
    'POST /api/admin/invitations/ALPHA123/disable': () => {
      invitations = invitations.map((i) => (i.code === 'ALPHA123' ? { ...i, status: 'disabled' as const } : i));
      return ok(invitations.find((i) => i.code === 'ALPHA123'));
    },
  });
}

function rowOf(code: string): HTMLElement {
  const row = screen.getByText(code, { selector: 'td code' }).closest('tr');
  if (!row) throw new Error(`no table row for ${code}`);
  return row;
}

describe('invitation codes', () => {
  it('shows a code whose every use is taken as used up, not active', async () => {
    const usedUp = invitationFixture({ code: 'GONE0001', maxUses: 5, uses: 5, status: 'active' });
    stubInvitationServer([usedUp, limited]);
    await renderApp({ token: TOKEN, path: '/invitations' });

    await screen.findByText('GONE0001', { selector: 'code' });
    expect(within(rowOf('GONE0001')).getByText('5 / 5')).toBeInTheDocument();
    expect(within(rowOf('GONE0001')).getByText('Used up')).toBeInTheDocument();
    expect(within(rowOf('GONE0001')).queryByText('Active')).not.toBeInTheDocument();
    expect(within(rowOf('ALPHA123')).getByText('Active')).toBeInTheDocument();
  });

  it('lists codes with uses of maximum, status, creator and time', async () => {
    const api = stubInvitationServer([limited, unlimitedDisabled]);
    await renderApp({ token: TOKEN, path: '/invitations' });

    await screen.findByText('ALPHA123', { selector: 'code' });
    const first = rowOf('ALPHA123');
    expect(within(first).getByText('3 / 10')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('Spring fair')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(limited.createdAt, browserTimeZone))).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Copy: ALPHA123' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Disable: ALPHA123' })).toBeInTheDocument();

    const second = rowOf('BETA4567');
    expect(within(second).getByText('0 / Unlimited')).toBeInTheDocument();
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    // A disabled code cannot be disabled again.
    expect(within(second).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();

    const [list] = api.calls('GET', '/api/admin/invitations');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('pageSize')).toBe('20');
    expect(list?.headers.get('token')).toBe(TOKEN);
  });

  it('creates a code, shows it prominently and refreshes the list', async () => {
    const api = stubInvitationServer([limited]);
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });
    await screen.findByText('ALPHA123', { selector: 'code' });
    expect(api.calls('GET', '/api/admin/invitations')).toHaveLength(1);

    await user.type(screen.getByLabelText('Note'), '  Partner event ');
    await user.type(screen.getByLabelText('Maximum uses'), '5');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText('Invitation code NEWCODE9 created')).toBeInTheDocument();
    expect(screen.getByText('NEWCODE9', { selector: '.new-code__value' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/invitations')[0]?.body).toEqual({ note: 'Partner event', maxUses: 5 });
    // The list was fetched again and now holds the new code.
    await waitFor(() => expect(api.calls('GET', '/api/admin/invitations')).toHaveLength(2));
    expect(await screen.findByText('NEWCODE9', { selector: 'td code' })).toBeInTheDocument();
    expect(within(rowOf('NEWCODE9')).getByText('0 / 5')).toBeInTheDocument();
    // The form is ready for the next code.
    expect(screen.getByLabelText('Note')).toHaveValue('');
  });

  it('creates an unlimited code without a note when both fields are left empty', async () => {
    const api = stubInvitationServer([]);
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });
    expect(await screen.findByText('No invitation codes yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText('Invitation code NEWCODE9 created')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/invitations')[0]?.body).toEqual({});
  });

  it('refuses a maximum below 1 before calling the server', async () => {
    const api = stubInvitationServer([]);
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });
    await screen.findByText('No invitation codes yet');

    await user.type(screen.getByLabelText('Maximum uses'), '0');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText(/Enter a whole number of at least 1/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/invitations')).toHaveLength(0);
  });

  it('asks for confirmation before disabling and then calls the disable route', async () => {
    const api = stubInvitationServer([limited, unlimitedDisabled]);
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });
    await screen.findByText('ALPHA123', { selector: 'code' });

    await user.click(screen.getByRole('button', { name: 'Disable: ALPHA123' }));
    // (antd's ids are fixed to "test-id" under test, so the dialog's aria-labelledby name is not usable here.)
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Disable invitation code ALPHA123? New registrations with it will be refused.');
    expect(api.calls('POST', '/api/admin/invitations/ALPHA123/disable')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('Invitation code ALPHA123 disabled')).toBeInTheDocument();
    const [disable] = api.calls('POST', '/api/admin/invitations/ALPHA123/disable');
    expect(disable?.headers.get('token')).toBe(TOKEN);
    expect(disable?.body).toBeUndefined();
    await waitFor(() => expect(within(rowOf('ALPHA123')).getByText('Disabled')).toBeInTheDocument());
    expect(within(rowOf('ALPHA123')).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
  });

  it('leaves the code active when the confirmation is cancelled', async () => {
    const api = stubInvitationServer([limited]);
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });
    await screen.findByText('ALPHA123', { selector: 'code' });

    await user.click(screen.getByRole('button', { name: 'Disable: ALPHA123' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(within(rowOf('ALPHA123')).getByText('Active')).toBeInTheDocument();
  });

  it('asks the server for the next page', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      invitationFixture({ code: `CODE${String(index).padStart(4, '0')}` }),
    );
    const api = stubInvitationServer(many);
    const { user } = await renderApp({ token: TOKEN, path: '/invitations' });
    await screen.findByText('CODE0000', { selector: 'code' });

    await user.click(screen.getByRole('listitem', { name: '2' }));

    expect(await screen.findByText('CODE0020', { selector: 'code' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/invitations').at(-1)?.query.get('page')).toBe('2');
    expect(screen.queryByText('CODE0000', { selector: 'code' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the role lacks permission, without signing out", async () => {
    stubApi({
      'GET /api/admin/me': () => ok(SUPPORT),
      [LIST]: () => fail(403, 'FORBIDDEN', 'Keine Berechtigung (vom Server)'),
    });
    await renderApp({ token: TOKEN, path: '/invitations' });

    await screen.findByRole('heading', { level: 1, name: 'Invitation codes' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent('Keine Berechtigung (vom Server)');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TOKEN);
  });
});
