import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';
import type { Announcement, AnnouncementBody, Message } from '@bourse/shared/schemas/messages';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { ADMIN, FINANCE, SUPPORT, TOKEN, configRoute, pageOf, renderApp } from '../../../test/render-app.tsx';

const EXISTING: Announcement = {
  id: 1,
  texts: { de: { title: 'Wartung', body: 'Am Samstag.' }, en: { title: 'Maintenance', body: 'On Saturday.' } },
  audience: { segment: 'level', minLevel: 3 },
  title: 'Maintenance',
  recipients: 40,
  read: 12,
  createdBy: 'alice',
  createdAt: Date.UTC(2026, 10, 24, 9, 0),
};

function stubAnnouncements(operator: OperatorInfo, options: { refuseUsers?: boolean } = {}) {
  const list: Announcement[] = [EXISTING];
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/announcements': () => ok(pageOf(list)),
    'POST /api/admin/announcements/audience': ({ body }: RecordedRequest) => {
      const { audience } = body as { audience: AnnouncementBody['audience'] };
      if (audience.segment === 'users' && options.refuseUsers) {
        return fail(400, 'ANNOUNCEMENT_RECIPIENTS_UNKNOWN', 'These investor ids do not exist: 99');
      }
      return ok({
        recipients: audience.segment === 'everyone' ? 120 : audience.segment === 'users' ? audience.userIds.length : 7,
      });
    },
    'POST /api/admin/announcements': ({ body }: RecordedRequest) => {
      const sent = body as AnnouncementBody;
      list.unshift({
        ...EXISTING,
        id: 2,
        texts: sent.texts,
        audience: sent.audience,
        title: sent.texts.en?.title ?? sent.texts.de!.title,
        recipients: 120,
        read: 0,
      });
      return ok({ id: 2, recipients: 120 });
    },
  });
}

describe('announcements', () => {
  it('lists what was published with its audience, size and read count', async () => {
    stubAnnouncements(SUPPORT);
    await renderApp({ token: TOKEN, path: '/announcements' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    const row = (await screen.findByText('Maintenance')).closest('tr')!;
    expect(within(row).getByText('Member level or above 3')).toBeInTheDocument();
    expect(within(row).getByText('40')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
  });

  it('requires the German text, previews the audience and publishes to everyone', async () => {
    const api = stubAnnouncements(ADMIN);
    const { user } = await renderApp({ token: TOKEN, path: '/announcements' });
    await screen.findByRole('heading', { level: 1, name: 'Announcements' });
    expect(await screen.findByText('Reaches 120 investors now')).toBeInTheDocument();

    const publish = screen.getByRole('button', { name: 'Publish' });
    await user.click(publish);
    // The form shows each field's error as its own validation settles: wait for both, not the first.
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(2));
    expect(api.calls('POST', '/api/admin/announcements')).toHaveLength(0);

    // Pasted rather than typed key by key: the form has a title and text for each of twelve languages.
    const fill = async (group: string, label: string, text: string) => {
      await user.click(within(screen.getByRole('group', { name: group })).getByLabelText(label));
      await user.paste(text);
    };
    await fill('Deutsch', 'Title', 'Neue Funktion');
    await fill('Deutsch', 'Text', 'Jetzt mit Nachrichten.');
    await user.click(screen.getByRole('button', { name: 'English' }));
    await fill('English', 'Title', 'New feature');
    await fill('English', 'Text', 'Now with messages.');
    await user.click(publish);

    expect(await screen.findByText('Announcement published to 120 investors')).toBeInTheDocument();
    const [sent] = api.calls('POST', '/api/admin/announcements');
    expect(sent?.body).toEqual({
      texts: {
        de: { title: 'Neue Funktion', body: 'Jetzt mit Nachrichten.' },
        en: { title: 'New feature', body: 'Now with messages.' },
      },
      audience: { segment: 'everyone' },
    });
    expect(await screen.findByText('New feature')).toBeInTheDocument();
  });

  it('narrows the audience to chosen investors and shows the server’s refusal of unknown ids', async () => {
    const api = stubAnnouncements(ADMIN, { refuseUsers: true });
    const { user } = await renderApp({ token: TOKEN, path: '/announcements' });
    await screen.findByText('Reaches 120 investors now');
    await user.click(screen.getByRole('combobox', { name: 'Audience' }));
    await user.click(await screen.findByTitle('Chosen investors'));
    await user.click(screen.getByLabelText('Investor ids, separated by commas'));
    await user.paste('99');
    expect(await screen.findByText('These investor ids do not exist: 99')).toBeInTheDocument();
    await waitFor(() => {
      const previews = api.calls('POST', '/api/admin/announcements/audience');
      expect(previews.at(-1)?.body).toEqual({ audience: { segment: 'users', userIds: [99] } });
    });
  });

  it('is not offered to finance', async () => {
    const api = stubAnnouncements(FINANCE);
    await renderApp({ token: TOKEN, path: '/announcements' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are not allowed to do this' }),
    ).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/announcements')).toHaveLength(0);
  });
});

describe('an investor’s messages on the user page', () => {
  it('lists them as the server renders them in the console language', async () => {
    const messages: Message[] = [
      { id: 9, kind: 'notification', title: 'Identity verification', body: 'Verified.', createdAt: 0, read: false },
      { id: 8, kind: 'announcement', title: 'Maintenance', body: 'On Saturday.', createdAt: 0, read: true },
    ];
    const api = stubApi({
      ...configRoute,
      'GET /api/admin/me': () => ok(SUPPORT),
      'GET /api/admin/users/7': () =>
        ok({
          user: {
            id: 7,
            phone: '+4915123456789',
            nickname: 'Erika',
            kycStatus: 'approved',
            level: 1,
            creditPoints: 0,
            status: 'active',
            createdAt: '2026-11-01T09:00:00.000Z',
          },
        }),
      'GET /api/admin/users/7/messages': () => ok({ ...pageOf(messages), unread: 1 }),
    });
    await renderApp({ token: TOKEN, path: '/users/7' });
    const section = await screen.findByRole('region', { name: 'Messages' });
    const unread = (await within(section).findByText('Verified.')).closest('tr')!;
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    const read = within(section).getByText('On Saturday.').closest('tr')!;
    expect(within(read).getByText('Announcement')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/users/7/messages')[0]?.headers.get('lang')).toBe('en');
  });
});
