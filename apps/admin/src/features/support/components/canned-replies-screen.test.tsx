import { screen, waitFor, within } from '@testing-library/react';
import type { SupportCannedReply } from '@bourse/shared/schemas/support';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../test/api-stub.ts';
import { ADMIN, TOKEN, configRoute, renderApp } from '../../../test/render-app.tsx';

describe('canned replies', () => {
  it('creates a reply in two languages, lists it, and deletes it after a confirmation', async () => {
    let replies: SupportCannedReply[] = [];
    const api = stubApi({
      ...configRoute,
      'GET /api/admin/me': () => ok(ADMIN),
      'GET /api/admin/invitations': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/admin/support/canned': () => ok(replies),
      'POST /api/admin/support/canned': ({ body }) => {
        const reply = {
          id: 1,
          ...(body as Pick<SupportCannedReply, 'translations'>),
          updatedAt: '2026-11-23T09:00:00.000Z',
        };
        replies = [reply];
        return ok(reply);
      },
      'DELETE /api/admin/support/canned/1': () => {
        replies = [];
        return ok(null);
      },
    });
    const { user } = await renderApp({ token: TOKEN, path: '/support/canned' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Canned replies' })).toBeInTheDocument();
    expect(await screen.findByText('No canned replies yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New canned reply' }));
    await user.type(screen.getByLabelText('Title'), 'Einzahlung');
    await user.type(screen.getByLabelText('Text'), 'Ihre Einzahlung ist unterwegs.');
    await user.click(screen.getByRole('combobox', { name: 'Reply language' }));
    await user.click(await screen.findByTitle('English'));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    await user.type(screen.getByLabelText('Title'), 'Deposit');
    await user.type(screen.getByLabelText('Text'), 'Your deposit is on its way.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('POST', '/api/admin/support/canned')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/support/canned')[0]!.body).toEqual({
      translations: {
        de: { title: 'Einzahlung', text: 'Ihre Einzahlung ist unterwegs.' },
        en: { title: 'Deposit', text: 'Your deposit is on its way.' },
      },
    });
    const item = (await screen.findByText('Einzahlung')).closest('li') as HTMLElement;
    expect(within(item).getByText('en')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/admin/support/canned/1')).toHaveLength(1));
    expect(await screen.findByText('No canned replies yet')).toBeInTheDocument();
  });
});
