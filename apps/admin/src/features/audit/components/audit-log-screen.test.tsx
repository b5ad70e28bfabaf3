import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@bourse/shared/format';
import type { AuditEntry } from '@bourse/shared/schemas/admin';
import { ok, stubApi } from '../../../test/api-stub.ts';
import { ADMIN, TOKEN, pageOf, renderApp } from '../../../test/render-app.tsx';
import { browserTimeZone } from '../../../ui/date-time.tsx';

const entries: AuditEntry[] = [
  {
    id: 42,
    at: '2026-03-02T09:15:00.000Z',
    operator: 'alice',
    action: 'invitation.disable',
    target: 'ALPHA123',
    details: { reason: 'leaked', previousStatus: 'active' },
    ip: '203.0.113.7',
  },
  {
    id: 41,
    at: '2026-03-02T09:00:00.000Z',
    operator: null,
    action: 'system.start',
    target: null,
    details: null,
    ip: null,
  },
];

describe('audit log', () => {
  it('shows each entry read-only with compact JSON details', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ok(ADMIN),
      'GET /api/admin/audit': () => ok(pageOf(entries, { total: 2 })),
    });
    await renderApp({ token: TOKEN, path: '/audit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const row = (await screen.findByText('invitation.disable')).closest('tr');
    if (!row) throw new Error('no row for the entry');
    expect(within(row).getByText(formatDateTime(entries[0]!.at, browserTimeZone))).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('ALPHA123')).toBeInTheDocument();
    expect(within(row).getByText('{"reason":"leaked","previousStatus":"active"}')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();

    const systemRow = screen.getByText('system.start').closest('tr');
    if (!systemRow) throw new Error('no row for the system entry');
    // Operator, target, details and IP are all absent: four dashes, no "null" shown.
    expect(within(systemRow).getAllByText('—')).toHaveLength(4);
    expect(within(systemRow).queryByText(/null/)).not.toBeInTheDocument();

    // Nothing on the screen changes the log.
    expect(within(screen.getByRole('main')).queryByRole('button', { name: /delete|edit|disable/i })).toBeNull();
    expect(api.calls('GET', '/api/admin/audit')[0]?.query.toString()).toBe('page=1&pageSize=20');
  });
});
