import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  DIALECTS,
  investor,
  investorInReview,
  operator,
  verifiedInvestor,
  type TestApp,
} from '../../test/harness.ts';
import { StreamClient, waitUntil, type Message } from '../../test/stream-client.ts';

const isMessageEvent = (message: Message) => message.type === 'event' && message.event === 'message';

for (const dialect of DIALECTS) {
  describe(`message centre (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    const clients: StreamClient[] = [];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address.replace('http', 'ws')}/api/stream`;
    }, 60_000);
    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      await waitUntil(() => t.app.streamConnections() === 0);
    });
    afterAll(() => t.close());

    const get = (path: string, token: string, lang = 'de') =>
      t.app.inject({ method: 'GET', url: path, headers: { token, lang } });
    const post = (path: string, token: string, payload?: unknown, lang = 'de') =>
      t.app.inject({ method: 'POST', url: path, headers: { token, lang }, ...(payload ? { payload } : {}) });
    const userIdOf = async (token: string) => body<{ id: number }>(await get('/api/user/info', token)).data.id;

    /** A signed-in stream socket listening on the investor's `user` topic. */
    const listen = async (token: string) => {
      const client = await StreamClient.forUser(url, token);
      clients.push(client);
      return client;
    };

    const inReview = () => investorInReview(t, 'Erika Muster');

    it('stores the identity decision as a message, live on the stream after the commit, rendered in the reader’s language', async () => {
      const user = await inReview();
      const client = await listen(user.token);
      expect(body(await get('/api/messages/unread', user.token)).data).toEqual({ unread: 0 });

      const compliance = await operator(t, ['compliance']);
      const approved = await post(`/api/admin/kyc/${user.userId}/approve`, compliance.token);
      expect(approved.statusCode).toBe(200);
      expect((await client.take(isMessageEvent)).data).toEqual({ kind: 'notification' });

      const german = body(await get('/api/messages', user.token, 'de')).data;
      expect(german).toMatchObject({ total: 1, page: 1, pageSize: 20, unread: 1 });
      expect(german.items[0]).toMatchObject({
        kind: 'notification',
        title: 'Identitätsprüfung',
        body: 'Ihre Identität wurde bestätigt. Sie können jetzt einzahlen, handeln und auszahlen.',
        read: false,
        createdAt: t.clock.nowMs(),
      });
      // The same stored message, read in English: rendered again from its key and parameters.
      const english = body(await get('/api/messages', user.token, 'en')).data;
      expect(english.items[0]).toMatchObject({ id: german.items[0].id, title: 'Identity verification' });
      expect(english.items[0].body).toBe('Your identity has been verified. You can now deposit, trade and withdraw.');
    });

    it('tells the reason of a resubmission in the message', async () => {
      const user = await inReview();
      const compliance = await operator(t, ['compliance']);
      const res = await post(`/api/admin/kyc/${user.userId}/resubmit`, compliance.token, { reason: 'Foto unscharf' });
      expect(res.statusCode).toBe(200);
      const page = body(await get('/api/messages', user.token)).data;
      expect(page.items[0].body).toBe('Bitte reichen Sie Ihre Ausweisdokumente erneut ein: Foto unscharf.');
    });

    it('stores and announces nothing when the transaction rolls back', async () => {
      const user = await inReview();
      const client = await listen(user.token);
      const contact = { channel: 'sms', recipient: user.phone, userId: user.userId, lang: 'de' } as const;
      await expect(
        t.ctx.database.transaction(async (trx) => {
          await t.ctx.notifier.send(trx, { ...contact, template: 'notify.kycApproved', params: {} });
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');
      expect(await client.pending(isMessageEvent, 200)).toEqual([]);
      expect(body(await get('/api/messages', user.token)).data).toMatchObject({ total: 0, unread: 0 });

      // A verification code is a credential: it goes to the outbox, never into the message centre.
      await t.ctx.database.transaction((trx) =>
        t.ctx.notifier.send(trx, {
          ...contact,
          template: 'notify.resetCodeSms',
          params: { code: '123456', minutes: 10 },
        }),
      );
      expect(body(await get('/api/messages', user.token)).data).toMatchObject({ total: 0, unread: 0 });
    });

    it('marks one read, refuses another investor’s message with 404 and changes nothing, marks all read', async () => {
      const alice = await verifiedInvestor(t, 'Alice Muster');
      const bob = await verifiedInvestor(t, 'Bob Muster');
      const aliceMessage = body(await get('/api/messages', alice.token)).data.items[0];

      const foreign = await post(`/api/messages/${aliceMessage.id}/read`, bob.token);
      expect(foreign.statusCode).toBe(404);
      expect(body(foreign)).toMatchObject({ error: 'MESSAGE_NOT_FOUND', msg: 'Nachricht nicht gefunden' });
      expect(body(await get('/api/messages/unread', alice.token)).data).toEqual({ unread: 1 });
      expect((await post('/api/messages/999999999/read', alice.token)).statusCode).toBe(404);

      const read = await post(`/api/messages/${aliceMessage.id}/read`, alice.token);
      expect(body(read).data).toEqual({ unread: 0 });
      expect(body(await get('/api/messages', alice.token)).data.items[0].read).toBe(true);
      // Reading it again changes nothing.
      expect(body(await post(`/api/messages/${aliceMessage.id}/read`, alice.token)).data).toEqual({ unread: 0 });
      expect(body(await get('/api/messages/unread', bob.token)).data).toEqual({ unread: 1 });

      expect(body(await post('/api/messages/read-all', bob.token)).data).toEqual({ unread: 0 });
      expect(body(await get('/api/messages/unread', bob.token)).data).toEqual({ unread: 0 });
    });

    it('refuses a bad page or page size with 400', async () => {
      const user = await investor(t);
      for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=x', 'sort=id']) {
        const res = await get(`/api/messages?${query}`, user.token);
        expect(res.statusCode, query).toBe(400);
      }
      const page = body(await get('/api/messages?page=2&pageSize=5', user.token)).data;
      expect(page).toMatchObject({ items: [], page: 2, pageSize: 5, total: 0, unread: 0 });
    });

    it('publishes an announcement to its audience only, live, audited, with its read count', async () => {
      const english = await investor(t);
      const englishId = await userIdOf(english.token);
      expect((await post('/api/user/profile', english.token, { lang: 'en' })).statusCode).toBe(200);
      const other = await investor(t);
      const englishClient = await listen(english.token);
      const otherClient = await listen(other.token);
      const support = await operator(t, ['support']);

      const audience = { segment: 'users', userIds: [englishId] };
      const size = await post('/api/admin/announcements/audience', support.token, { audience });
      expect(body(size).data).toEqual({ recipients: 1 });

      const texts = {
        de: { title: 'Wartung am Samstag', body: 'Die App ist von 2 bis 4 Uhr nicht erreichbar.' },
        en: { title: 'Maintenance on Saturday', body: 'The app is unavailable from 2 to 4 am.' },
      };
      const published = await post('/api/admin/announcements', support.token, { texts, audience });
      expect(published.statusCode).toBe(200);
      const { id, recipients } = body(published).data;
      expect(recipients).toBe(1);
      expect((await englishClient.take(isMessageEvent)).data).toEqual({ kind: 'announcement' });
      expect(await otherClient.pending(isMessageEvent, 200)).toEqual([]);

      const inbox = body(await get('/api/messages', english.token, 'en')).data;
      expect(inbox.items[0]).toMatchObject({ kind: 'announcement', title: 'Maintenance on Saturday', read: false });
      // A language without a text of its own falls back to German.
      const french = body(await get('/api/messages', english.token, 'fr')).data;
      expect(french.items[0]).toMatchObject({ title: 'Wartung am Samstag' });
      expect(body(await get('/api/messages', other.token)).data.total).toBe(0);

      await post(`/api/messages/${inbox.items[0].id}/read`, english.token);
      const list = body(await get('/api/admin/announcements', support.token, 'en')).data;
      expect(list.items[0]).toMatchObject({ id, title: 'Maintenance on Saturday', recipients: 1, read: 1, audience });
      expect(list.items[0].createdBy).toBe(support.username);

      const audit = await t.ctx.database.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'announcement.publish')
        .where('target', '=', `announcement:${id}`)
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.details!)).toEqual({ audience, recipients: 1 });

      // The console shows the investor's messages in the operator's language.
      const theirs = await get(`/api/admin/users/${englishId}/messages`, support.token, 'de');
      expect(body(theirs).data.items[0]).toMatchObject({ title: 'Wartung am Samstag', read: true });
      expect((await get('/api/admin/users/999999999/messages', support.token)).statusCode).toBe(404);
    });

    it('refuses an announcement without the German text, with an unknown segment or unknown investors (400, nothing published)', async () => {
      const admin = await operator(t, ['admin']);
      const countAnnouncements = async () =>
        Number(
          (
            await t.ctx.database.db
              .selectFrom('announcements')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await countAnnouncements();
      const en = { title: 'Hello', body: 'Only English' };

      const noGerman = await post('/api/admin/announcements', admin.token, {
        texts: { en },
        audience: { segment: 'everyone' },
      });
      expect(noGerman.statusCode).toBe(400);
      expect(body(noGerman)).toMatchObject({
        error: 'ANNOUNCEMENT_FALLBACK_REQUIRED',
        msg: 'Eine Mitteilung braucht Titel und Text auf Deutsch, der Ausweichsprache',
      });

      const texts = { de: { title: 'Hallo', body: 'Text' } };
      const unknownSegment = await post('/api/admin/announcements', admin.token, {
        texts,
        audience: { segment: 'planets' },
      });
      expect(unknownSegment.statusCode).toBe(400);
      expect(body(unknownSegment).error).toBe('VALIDATION_FAILED');

      const unknownLanguage = await post('/api/admin/announcements', admin.token, {
        texts: { ...texts, xx: en },
        audience: { segment: 'everyone' },
      });
      expect(unknownLanguage.statusCode).toBe(400);

      const nobody = await post(
        '/api/admin/announcements',
        admin.token,
        { texts, audience: { segment: 'users', userIds: [999999998, 999999999] } },
        'en',
      );
      expect(nobody.statusCode).toBe(400);
      expect(body(nobody)).toMatchObject({
        error: 'ANNOUNCEMENT_RECIPIENTS_UNKNOWN',
        msg: 'These investor ids do not exist: 999999998, 999999999',
      });
      expect(await countAnnouncements()).toBe(before);
    });

    it('reaches a segment: level, identity status, language, everyone', async () => {
      const verified = await verifiedInvestor(t, 'Vera Muster');
      const verifiedId = await userIdOf(verified.token);
      const admin = await operator(t, ['admin']);
      const sizeOf = async (audience: unknown) =>
        body(await post('/api/admin/announcements/audience', admin.token, { audience })).data.recipients as number;
      const everyone = await sizeOf({ segment: 'everyone' });
      const approved = await sizeOf({ segment: 'identity', status: 'approved' });
      expect(approved).toBeGreaterThanOrEqual(1);
      expect(approved).toBeLessThan(everyone);
      expect(await sizeOf({ segment: 'level', minLevel: 1 })).toBe(everyone);
      expect(await sizeOf({ segment: 'level', minLevel: 5 })).toBe(0);
      expect(await sizeOf({ segment: 'language', languages: ['de', 'en'] })).toBe(everyone);

      const published = await post('/api/admin/announcements', admin.token, {
        texts: { de: { title: 'Nur für Verifizierte', body: 'Danke.' } },
        audience: { segment: 'identity', status: 'approved' },
      });
      expect(body(published).data.recipients).toBe(approved);
      const page = body(await get('/api/messages', verified.token)).data;
      expect(page.items[0]).toMatchObject({ kind: 'announcement', title: 'Nur für Verifizierte' });
      expect(verifiedId).toBeGreaterThan(0);
    });

    it('keeps investors and operators without the role out', async () => {
      const user = await investor(t);
      expect((await get('/api/admin/announcements', user.token)).statusCode).toBe(401);
      const finance = await operator(t, ['finance']);
      expect((await get('/api/admin/announcements', finance.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
    });
  });
}
