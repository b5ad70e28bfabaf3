import websocket from '@fastify/websocket';
import { resolveLanguage } from '@bourse/shared/languages';
import { STREAM_MAX_FRAME_BYTES } from '@bourse/shared/schemas/market';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { QuoteFeed } from '../market/quote-feed.service.ts';
import {
  CLOSE_GOING_AWAY,
  CLOSE_POLICY_VIOLATION,
  StreamConnection,
  type StreamLimits,
  type StreamTransport,
} from './stream-connection.ts';
import { revokedUserOf, SESSIONS_REVOKED_NOTICE } from './stream.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open stream sockets of this instance (for tests and metrics). */
    streamConnections: () => number;
  }
}

const streamQuery = z.strictObject({ lang: z.string().max(35).optional() });

/** Unsent bytes beyond which a socket is dropped: about 3,000 quote updates it has not read. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const MAX_PENDING_MESSAGES = 100;

/** One quote feed per context, however many apps are built on it (tests build several). */
const feeds = new WeakMap<AppContext, { feed: QuoteFeed; users: number }>();

function acquireFeed(ctx: AppContext): QuoteFeed {
  let entry = feeds.get(ctx);
  if (!entry) {
    entry = { feed: new QuoteFeed(ctx), users: 0 };
    entry.feed.start();
    feeds.set(ctx, entry);
  }
  entry.users++;
  return entry.feed;
}

function releaseFeed(ctx: AppContext) {
  const entry = feeds.get(ctx);
  if (!entry) return;
  entry.users--;
  if (entry.users === 0) {
    entry.feed.stop();
    feeds.delete(ctx);
  }
}

/**
 * GET /api/stream, the live stream (docs/architecture.md, "Live stream"). The handshake is public;
 * a socket signs in with `{op:'auth'}` inside the protocol. Starts the quote feed that turns price
 * changes into hub messages, and one heartbeat timer for all sockets.
 */
export async function registerStreamRoutes(app: FastifyInstance, ctx: AppContext) {
  const limits: StreamLimits = {
    maxTopics: ctx.config.STREAM_MAX_TOPICS,
    heartbeatMs: ctx.config.STREAM_HEARTBEAT_MS,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    maxPendingMessages: MAX_PENDING_MESSAGES,
  };
  await app.register(websocket, {
    // Quote updates are a few hundred bytes: compressing each for thousands of sockets costs more
    // CPU than it saves bandwidth.
    options: { maxPayload: STREAM_MAX_FRAME_BYTES, perMessageDeflate: false },
    errorHandler: (error, socket, request) => {
      // An oversize or malformed frame is the client's fault; ws has already sent the close frame.
      request.log.info({ err: error }, 'stream socket error');
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate();
    },
  });

  const feed = acquireFeed(ctx);
  const connections = new Set<StreamConnection>();
  const perIp = new Map<string, number>();
  const maxPerIp = ctx.config.STREAM_MAX_CONNECTIONS_PER_IP;
  app.decorate('streamConnections', () => connections.size);

  const heartbeat = setInterval(() => {
    const now = Date.now();
    const message = JSON.stringify({ type: 'heartbeat', at: now });
    for (const connection of connections) connection.heartbeat(now, message);
  }, limits.heartbeatMs);
  heartbeat.unref();

  // A revocation on any instance reaches this one's sockets at once (the heartbeat re-check is the
  // backstop for sessions that simply expire).
  const stopNotices = ctx.hub.onNotice(SESSIONS_REVOKED_NOTICE, (message) => {
    const userId = revokedUserOf(message);
    if (userId === null) return;
    for (const connection of connections) connection.sessionsRevoked(userId);
  });

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    stopNotices();
    for (const connection of connections) connection.close(CLOSE_GOING_AWAY, 'server shutting down');
  });
  app.addHook('onClose', async () => {
    releaseFeed(ctx);
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/stream',
    {
      websocket: true,
      config: { auth: 'public' },
      schema: { querystring: streamQuery },
      // Refuse the handshake itself (429) when this address already holds its share of sockets.
      preValidation: async (request) => {
        if ((perIp.get(request.ip) ?? 0) >= maxPerIp) throw new AppError('RATE_LIMITED');
      },
    },
    (socket, request) => {
      const ip = request.ip;
      const count = (perIp.get(ip) ?? 0) + 1;
      perIp.set(ip, count);
      // After the upgrade the request's TCP socket is the WebSocket's (app.injectWS has none).
      const transport = (request.raw.socket as StreamTransport | undefined) ?? { cork() {}, uncork() {} };
      const connection = new StreamConnection(ctx, socket, transport, {
        lang: resolveLanguage(request.query.lang) ?? request.lang,
        limits,
        feed,
        log: request.log,
        onDispose: (closed) => {
          connections.delete(closed);
          const left = (perIp.get(ip) ?? 1) - 1;
          if (left <= 0) perIp.delete(ip);
          else perIp.set(ip, left);
        },
      });
      connections.add(connection);
      // Handshakes that raced past the check above.
      if (count > maxPerIp) connection.close(CLOSE_POLICY_VIOLATION, 'too many connections');
    },
  );
}
