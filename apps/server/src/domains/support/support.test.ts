import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessHub } from '../../platform/realtime-hub.ts';
import {
  body,
  createTestApp,
  DIALECTS,
  investor,
  jpegImage,
  multipartBody,
  operator,
  type TestApp,
} from '../../test/harness.ts';
import { isType, StreamClient, waitUntil, type Message } from '../../test/stream-client.ts';

/**
 * Customer service: the investor's chat, the console's inbox, attachments under the identity
 * documents' upload rules, canned replies in the investor's language, rate limits, and both sides
 * live over the stream.
 */
const ENV = { LOGIN_RATE_PER_IP_PER_MINUTE: '10000', STREAM_HEARTBEAT_MS: '5000' };

async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: '#3366cc' } })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1' } })
    .jpeg()
    .toBuffer();
}

for (const dialect of DIALECTS) {
  describe(`customer service (${dialect})`, () => {
    let t: TestApp;
    let agent: { token: string; username: string };
    let streamUrl: string;
    const clients: StreamClient[] = [];

    beforeAll(async () => {
      t = await createTestApp(dialect, ENV);
      agent = await operator(t, ['support']);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      streamUrl = `${address.replace('http', 'ws')}/api/stream`;
    }, 60_000);
    afterEach(async () => {
      for (const client of clients.splice(0)) client.close();
      await waitUntil(() => (t.ctx.hub as InProcessHub).listenerCount === 0 && t.app.streamConnections() === 0);
    });
    afterAll(() => t.close());

    const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const userIdOf = async (token: string) =>
      body<{ id: number }>(await inject(token, 'GET', '/api/user/info')).data.id;
    const send = (token: string, payload: unknown) => inject(token, 'POST', '/api/support/messages', payload);
    const history = async (token: string, query = '') =>
      body<{
        messages: {
          id: number;
          author: string;
          text: string | null;
          operatorName: string | null;
          attachmentUrl: string | null;
        }[];
        hasMore: boolean;
        unread: number;
        conversation: { id: number; status: string; assigneeName: string | null } | null;
      }>(await inject(token, 'GET', `/api/support/messages${query}`)).data;
    const count = async (table: 'supportConversations' | 'supportMessages' | 'supportAttachments' | 'auditLog') =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const upload = (token: string, data: Buffer, url = '/api/support/attachments') => {
      const form = multipartBody({}, { image: { filename: 'photo.jpg', contentType: 'image/jpeg', data } });
      return t.app.inject({ method: 'POST', url, headers: { token, ...form.headers }, payload: form.payload });
    };
    const connect = async () => {
      const client = await StreamClient.open(streamUrl);
      clients.push(client);
      await client.take(isType('hello'));
      return client;
    };
    const isEvent = (topic: string, event: string) => (m: Message) =>
      m.type === 'event' && m.topic === topic && m.event === event;

    it('an investor asks, an operator assigns and answers, unread counts move on both sides', async () => {
      const user = await investor(t);
      const userId = await userIdOf(user.token);
      expect(await history(user.token)).toEqual({ messages: [], hasMore: false, unread: 0, conversation: null });

      const sent = await send(user.token, { text: 'Wie kann ich Geld abheben?' });
      expect(sent.statusCode).toBe(200);
      expect(body(sent).data).toMatchObject({
        author: 'investor',
        text: 'Wie kann ich Geld abheben?',
        operatorName: null,
      });

      const inbox = body<{
        items: { id: number; userId: number; unread: number; lastText: string }[];
        unread: { unassigned: number };
      }>(await inject(agent.token, 'GET', '/api/admin/support/conversations?box=unassigned')).data;
      const mine = inbox.items.find((item) => item.userId === userId)!;
      expect(mine).toMatchObject({ unread: 1, lastText: 'Wie kann ich Geld abheben?' });
      expect(inbox.unread.unassigned).toBeGreaterThanOrEqual(1);

      const assigned = await inject(agent.token, 'POST', `/api/admin/support/conversations/${mine.id}/assign`);
      expect(body(assigned).data).toMatchObject({ assigneeName: agent.username, status: 'open' });
      const mineBox = body<{ items: { id: number }[] }>(
        await inject(agent.token, 'GET', '/api/admin/support/conversations?box=mine'),
      ).data;
      expect(mineBox.items.map((item) => item.id)).toContain(mine.id);

      const reply = await inject(agent.token, 'POST', `/api/admin/support/conversations/${mine.id}/messages`, {
        text: 'Unter Vermögen → Auszahlen.',
      });
      expect(body(reply).data).toMatchObject({ author: 'operator', operatorName: agent.username });

      const seen = await history(user.token);
      expect(seen.messages.map((m) => [m.author, m.text])).toEqual([
        ['investor', 'Wie kann ich Geld abheben?'],
        ['operator', 'Unter Vermögen → Auszahlen.'],
      ]);
      expect(seen.unread).toBe(1);
      expect(seen.conversation).toMatchObject({ status: 'open', assigneeName: agent.username });

      await inject(user.token, 'POST', '/api/support/read');
      expect((await history(user.token)).unread).toBe(0);
      await inject(agent.token, 'POST', `/api/admin/support/conversations/${mine.id}/read`);
      const detail = body<{ unread: number; messages: unknown[] }>(
        await inject(agent.token, 'GET', `/api/admin/support/conversations/${mine.id}`),
      ).data;
      expect(detail.unread).toBe(0);
      expect(detail.messages).toHaveLength(2);

      const actions = await t.ctx.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('target', '=', `support:${mine.id}`)
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual(['support.assign', 'support.reply']);
    });

    it('closing keeps the history; the next message opens a new conversation; a closed one takes no reply', async () => {
      const user = await investor(t);
      await send(user.token, { text: 'Erste Frage' });
      const first = (await history(user.token)).conversation!;
      const closed = await inject(agent.token, 'POST', `/api/admin/support/conversations/${first.id}/close`);
      expect(body(closed).data).toMatchObject({ status: 'closed' });
      expect((await history(user.token)).conversation).toMatchObject({ id: first.id, status: 'closed' });

      const before = await count('supportMessages');
      const refused = await inject(agent.token, 'POST', `/api/admin/support/conversations/${first.id}/messages`, {
        text: 'zu spät',
      });
      expect(refused.statusCode).toBe(409);
      expect(body(refused).error).toBe('SUPPORT_CONVERSATION_CLOSED');
      expect(await count('supportMessages')).toBe(before);

      await send(user.token, { text: 'Zweite Frage' });
      const after = await history(user.token);
      expect(after.conversation!.id).not.toBe(first.id);
      expect(after.conversation!.status).toBe('open');
      expect(after.messages.map((m) => m.text)).toEqual(['Erste Frage', 'Zweite Frage']);
      const closedBox = body<{ items: { id: number }[] }>(
        await inject(agent.token, 'GET', '/api/admin/support/conversations?box=closed'),
      ).data;
      expect(closedBox.items.map((item) => item.id)).toContain(first.id);
    });

    it('pages the history backwards with before and limit', async () => {
      const user = await investor(t);
      for (let i = 1; i <= 5; i++) await send(user.token, { text: `Nachricht ${i}` });
      const newest = await history(user.token, '?limit=2');
      expect(newest.messages.map((m) => m.text)).toEqual(['Nachricht 4', 'Nachricht 5']);
      expect(newest.hasMore).toBe(true);
      const older = await history(user.token, `?limit=3&before=${newest.messages[0]!.id}`);
      expect(older.messages.map((m) => m.text)).toEqual(['Nachricht 1', 'Nachricht 2', 'Nachricht 3']);
      expect(older.hasMore).toBe(false);
    });

    it('stores free text as text, markup included, and refuses empty, too long or unknown fields (nothing written)', async () => {
      const user = await investor(t);
      const markup = '<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>';
      expect(body(await send(user.token, { text: markup })).data.text).toBe(markup);

      const before = [await count('supportConversations'), await count('supportMessages')];
      for (const payload of [
        { text: '' },
        { text: '   ' },
        { text: 'x'.repeat(2001) },
        { text: 'hi', html: '<b>' },
        {},
      ]) {
        const res = await send(user.token, payload);
        expect(res.statusCode).toBe(400);
      }
      const other = await investor(t);
      expect((await send(other.token, { text: '' })).statusCode).toBe(400);
      expect([await count('supportConversations'), await count('supportMessages')]).toEqual([before[0]!, before[1]!]);
      expect((await history(other.token)).conversation).toBeNull();
      expect((await send(user.token, { text: 'x'.repeat(2000) })).statusCode).toBe(200);
    });

    it('attachments: re-encoded without metadata, served only to the conversation’s investor and operators', async () => {
      const user = await investor(t);
      const res = await upload(user.token, await phoneJpeg());
      expect(res.statusCode).toBe(200);
      const attachment = body<{ id: number; url: string }>(res).data;
      expect(attachment.url).toBe(`/api/support/attachments/${attachment.id}`);

      const served = await inject(user.token, 'GET', attachment.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('private, no-store');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

      const message = await send(user.token, { text: 'Mein Kontoauszug', attachmentId: attachment.id });
      expect(body(message).data.attachmentUrl).toBe(attachment.url);
      // An attachment goes with one message only.
      expect((await send(user.token, { attachmentId: attachment.id })).statusCode).toBe(400);

      const stranger = await investor(t);
      const foreign = await inject(stranger.token, 'GET', attachment.url);
      expect(foreign.statusCode).toBe(404);
      const before = await count('supportMessages');
      expect((await send(stranger.token, { attachmentId: attachment.id })).statusCode).toBe(404);
      expect(await count('supportMessages')).toBe(before);

      const conversationId = (await history(user.token)).conversation!.id;
      const detail = body<{ messages: { attachmentUrl: string | null }[] }>(
        await inject(agent.token, 'GET', `/api/admin/support/conversations/${conversationId}`),
      ).data;
      const consoleUrl = detail.messages.find((m) => m.attachmentUrl)!.attachmentUrl!;
      expect(consoleUrl).toBe(`/api/admin/support/attachments/${attachment.id}`);
      expect((await inject(agent.token, 'GET', consoleUrl)).statusCode).toBe(200);
      const finance = await operator(t, ['finance']);
      expect((await inject(finance.token, 'GET', consoleUrl)).statusCode).toBe(403);
      expect((await inject(user.token, 'GET', consoleUrl)).statusCode).toBe(401);

      // The operator attaches an image for this investor, which the investor then sees.
      const opUpload = await upload(
        agent.token,
        await jpegImage(),
        `/api/admin/support/conversations/${conversationId}/attachments`,
      );
      expect(opUpload.statusCode).toBe(200);
      const opAttachment = body<{ id: number }>(opUpload).data;
      const opMessage = await inject(
        agent.token,
        'POST',
        `/api/admin/support/conversations/${conversationId}/messages`,
        {
          attachmentId: opAttachment.id,
        },
      );
      expect(opMessage.statusCode).toBe(200);
      expect((await inject(user.token, 'GET', `/api/support/attachments/${opAttachment.id}`)).statusCode).toBe(200);
    });

    it('refuses a non-image (415), a polyglot (422) and an oversized file (413), storing nothing', async () => {
      const user = await investor(t);
      const before = await count('supportAttachments');
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(512)]);
      const polyglot = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        randomBytes(2048),
        Buffer.from('<script>x</script>'),
      ]);
      const oversized = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(9 * 1024 * 1024)]);
      const cases: [Buffer, number, string][] = [
        [pdf, 415, 'UNSUPPORTED_MEDIA_TYPE'],
        [polyglot, 422, 'KYC_IMAGE_UNREADABLE'],
        [oversized, 413, 'PAYLOAD_TOO_LARGE'],
      ];
      for (const [data, status, error] of cases) {
        const res = await upload(user.token, data);
        expect(res.statusCode).toBe(status);
        expect(body(res).error).toBe(error);
      }
      const json = await inject(user.token, 'POST', '/api/support/attachments', { image: 'x' });
      expect(json.statusCode).toBe(415);
      expect(await count('supportAttachments')).toBe(before);
    });

    it('role and session checks: investor token on the console 401, operator without role 403', async () => {
      const user = await investor(t);
      const finance = await operator(t, ['finance']);
      for (const url of ['/api/admin/support/conversations', '/api/admin/support/canned']) {
        expect((await inject(user.token, 'GET', url)).statusCode).toBe(401);
        expect((await inject(finance.token, 'GET', url)).statusCode).toBe(403);
      }
      const admin = await operator(t, ['admin']);
      expect((await inject(admin.token, 'GET', '/api/admin/support/conversations?box=mine')).statusCode).toBe(200);
      expect((await inject(agent.token, 'GET', '/api/admin/support/conversations?box=other')).statusCode).toBe(400);
      expect((await inject(agent.token, 'GET', '/api/admin/support/conversations/999999')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/support/messages' })).statusCode).toBe(401);
    });

    it('canned replies: managed by operators (audited), offered in the investor’s language with a fallback', async () => {
      const created = await inject(agent.token, 'POST', '/api/admin/support/canned', {
        translations: {
          de: { title: 'Begrüßung', text: 'Guten Tag, wie kann ich helfen?' },
          en: { title: 'Greeting', text: 'Hello, how can I help?' },
        },
      });
      expect(created.statusCode).toBe(200);
      const canned = body<{ id: number }>(created).data;
      const refused = await inject(agent.token, 'POST', '/api/admin/support/canned', {
        translations: { xx: { title: 'a', text: 'b' } },
      });
      expect(refused.statusCode).toBe(400);
      expect((await inject(agent.token, 'POST', '/api/admin/support/canned', { translations: {} })).statusCode).toBe(
        400,
      );

      const english = await investor(t);
      await inject(english.token, 'POST', '/api/user/profile', { lang: 'en' });
      await send(english.token, { text: 'Hi' });
      const french = await investor(t);
      await inject(french.token, 'POST', '/api/user/profile', { lang: 'fr' });
      await send(french.token, { text: 'Bonjour' });
      const offer = async (token: string) => {
        const id = (await history(token)).conversation!.id;
        const detail = body<{ lang: string; canned: { id: number; lang: string; text: string }[] }>(
          await inject(agent.token, 'GET', `/api/admin/support/conversations/${id}`),
        ).data;
        return { lang: detail.lang, offer: detail.canned.find((c) => c.id === canned.id) };
      };
      expect(await offer(english.token)).toMatchObject({
        lang: 'en',
        offer: { lang: 'en', text: 'Hello, how can I help?' },
      });
      expect(await offer(french.token)).toMatchObject({ lang: 'fr', offer: { lang: 'de' } });

      const updated = await inject(agent.token, 'PUT', `/api/admin/support/canned/${canned.id}`, {
        translations: { fr: { title: 'Accueil', text: 'Bonjour, comment puis-je aider ?' } },
      });
      expect(updated.statusCode).toBe(200);
      expect(await offer(french.token)).toMatchObject({ offer: { lang: 'fr' } });
      expect((await inject(agent.token, 'DELETE', `/api/admin/support/canned/${canned.id}`)).statusCode).toBe(200);
      expect((await inject(agent.token, 'DELETE', `/api/admin/support/canned/${canned.id}`)).statusCode).toBe(404);
      const actions = await t.ctx.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('target', '=', `canned:${canned.id}`)
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual([
        'support.canned.create',
        'support.canned.update',
        'support.canned.delete',
      ]);
    });

    it('chat flooding: the eleventh message within ten seconds is 429 with the localized error', async () => {
      const user = await investor(t);
      for (let i = 0; i < 10; i++) expect((await send(user.token, { text: `m${i}` })).statusCode).toBe(200);
      const flooded = await t.app.inject({
        method: 'POST',
        url: '/api/support/messages',
        headers: { token: user.token, lang: 'en' },
        payload: { text: 'one more' },
      });
      expect(flooded.statusCode).toBe(429);
      expect(body(flooded)).toMatchObject({ error: 'RATE_LIMITED', msg: 'Too many requests, please wait a moment' });
      expect((await history(user.token, '?limit=50')).messages).toHaveLength(10);
      // Another investor is not affected.
      const other = await investor(t);
      expect((await send(other.token, { text: 'hallo' })).statusCode).toBe(200);
      // Typing events are limited too.
      let typingStatus = 200;
      for (let i = 0; i < 21 && typingStatus === 200; i++) {
        typingStatus = (await inject(other.token, 'POST', '/api/support/typing')).statusCode;
      }
      expect(typingStatus).toBe(429);
    });

    it('live both ways: replies and typing reach the investor, messages and typing reach the operators', async () => {
      const user = await investor(t);
      const userId = await userIdOf(user.token);
      const investorSocket = await connect();
      investorSocket.send({ op: 'auth', token: user.token });
      await investorSocket.take(isType('authenticated'));
      investorSocket.send({ op: 'subscribe', topics: ['support'] });
      await investorSocket.take(isType('subscribed'));

      const consoleSocket = await connect();
      consoleSocket.send({ op: 'operator-auth', token: agent.token });
      await consoleSocket.take(isType('authenticated'));
      consoleSocket.send({ op: 'subscribe', topics: ['support-inbox'] });
      expect(await consoleSocket.take(isType('subscribed'))).toEqual({ type: 'subscribed', topics: ['support-inbox'] });

      await send(user.token, { text: 'Ist jemand da?' });
      const incoming = await consoleSocket.take(isEvent('support-inbox', 'message'));
      expect(incoming.data).toMatchObject({ userId, message: { author: 'investor', text: 'Ist jemand da?' } });
      const conversationId = incoming.data.conversationId as number;
      // The investor's other screens see their own message too.
      await investorSocket.take(isEvent('support', 'message'));

      await inject(user.token, 'POST', '/api/support/typing');
      expect((await consoleSocket.take(isEvent('support-inbox', 'typing'))).data).toEqual({ conversationId, userId });

      await inject(agent.token, 'POST', `/api/admin/support/conversations/${conversationId}/typing`);
      expect((await investorSocket.take(isEvent('support', 'typing'))).data).toEqual({
        conversationId,
        operatorName: agent.username,
      });
      await inject(agent.token, 'POST', `/api/admin/support/conversations/${conversationId}/messages`, {
        text: 'Ja, hier!',
      });
      // The first reply assigns the conversation to its author, which the investor is told.
      expect((await investorSocket.take(isEvent('support', 'assigned'))).data).toEqual({
        conversationId,
        assigneeName: agent.username,
      });
      const reply = await investorSocket.take(isEvent('support', 'message'));
      expect(reply.data).toMatchObject({ author: 'operator', text: 'Ja, hier!', operatorName: agent.username });
      await consoleSocket.take(isEvent('support-inbox', 'message'));

      // Another investor hears nothing of it.
      const stranger = await investor(t);
      const strangerSocket = await connect();
      strangerSocket.send({ op: 'auth', token: stranger.token });
      await strangerSocket.take(isType('authenticated'));
      strangerSocket.send({ op: 'subscribe', topics: ['support'] });
      await strangerSocket.take(isType('subscribed'));
      await inject(agent.token, 'POST', `/api/admin/support/conversations/${conversationId}/messages`, {
        text: 'Noch etwas?',
      });
      await investorSocket.take(isEvent('support', 'message'));
      expect(await strangerSocket.pending((m) => m.type === 'event')).toEqual([]);
    });

    it('kf_url is the built-in chat, or the configured external address', async () => {
      const config = body<{ kf_url: string }>(await t.app.inject({ method: 'GET', url: '/api/stock/getconfig' })).data;
      expect(config.kf_url).toBe('#/customerService');
      const external = await createTestApp(dialect, { KF_URL: 'https://help.example.com/chat' });
      try {
        const data = body<{ kf_url: string }>(
          await external.app.inject({ method: 'GET', url: '/api/stock/getconfig' }),
        ).data;
        expect(data.kf_url).toBe('https://help.example.com/chat');
      } finally {
        await external.close();
      }
    });

    it('keeps investor and operator principals apart on the stream', async () => {
      const user = await investor(t);
      const socket = await connect();
      socket.send({ op: 'subscribe', topics: ['support-inbox'] });
      expect(await socket.take(isType('error'))).toMatchObject({
        error: 'STREAM_AUTH_REQUIRED',
        topic: 'support-inbox',
      });
      socket.send({ op: 'auth', token: user.token });
      await socket.take(isType('authenticated'));
      socket.send({ op: 'subscribe', topics: ['support-inbox'] });
      expect(await socket.take(isType('error'))).toMatchObject({
        error: 'STREAM_AUTH_REQUIRED',
        topic: 'support-inbox',
      });
      // An investor token is no operator session, nor the other way round.
      socket.send({ op: 'operator-auth', token: user.token });
      expect(await socket.take(isType('error'))).toMatchObject({ error: 'SESSION_EXPIRED' });

      const finance = await operator(t, ['finance']);
      const financeSocket = await connect();
      financeSocket.send({ op: 'operator-auth', token: finance.token });
      await financeSocket.take(isType('authenticated'));
      financeSocket.send({ op: 'subscribe', topics: ['support-inbox', 'support'] });
      expect(await financeSocket.take(isType('error'))).toMatchObject({ error: 'FORBIDDEN', topic: 'support-inbox' });
      expect(await financeSocket.take(isType('error'))).toMatchObject({
        error: 'STREAM_AUTH_REQUIRED',
        topic: 'support',
      });

      // Signing an operator's socket in as an investor ends the operator topics.
      const consoleSocket = await connect();
      consoleSocket.send({ op: 'operator-auth', token: agent.token });
      await consoleSocket.take(isType('authenticated'));
      consoleSocket.send({ op: 'subscribe', topics: ['support-inbox'] });
      await consoleSocket.take(isType('subscribed'));
      consoleSocket.send({ op: 'auth', token: user.token });
      expect(await consoleSocket.take(isType('unsubscribed'))).toEqual({
        type: 'unsubscribed',
        topics: ['support-inbox'],
      });
      await consoleSocket.take(isType('authenticated'));
      await send(user.token, { text: 'niemand hört zu' });
      expect(await consoleSocket.pending((m) => m.type === 'event')).toEqual([]);
    });
  });
}
