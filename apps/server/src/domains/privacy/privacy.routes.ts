import { closureBody, closureRequest, closureState } from '@bourse/shared/schemas/privacy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import * as privacy from './privacy.service.ts';

const tags = ['user'];

/** The investor's data rights: the export of their data and the request to close the account. */
export async function registerPrivacyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/export',
    {
      // Reading every table of an investor: a few per user and hour.
      config: { auth: 'user', rateLimit: { max: 10, timeWindow: 60 * 60_000 } },
      schema: {
        tags,
        produces: ['application/json'],
        description: 'Everything stored about the investor, one JSON file',
      },
    },
    async (request, reply) => {
      const { fileName, document } = await privacy.exportData(ctx, userOf(request).userId);
      return reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(document, null, 2));
    },
  );

  r.get(
    '/api/user/closure',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(closureState) } },
    async (request) => ok(await privacy.closureState(ctx, userOf(request).userId)),
  );

  r.post(
    '/api/user/closure',
    { config: { auth: 'user' }, schema: { tags, body: closureBody, response: okResponse(closureRequest) } },
    async (request) => ok(await privacy.requestClosure(ctx, userOf(request).userId, request.body.reason)),
  );

  r.post(
    '/api/user/closure/withdraw',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(closureRequest) } },
    async (request) => ok(await privacy.withdrawClosure(ctx, userOf(request).userId)),
  );
}
