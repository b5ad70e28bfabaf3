import { page } from '@bourse/shared/schemas/common';
import { creditPointEvent, creditPointsQuery, memberStanding } from '@bourse/shared/schemas/members';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { memberJobs } from './members.jobs.ts';
import { getStanding, listPointEvents } from './members.service.ts';

const tags = ['members'];

/** The investor's credit points and member level (the personal centre), and the end-of-day level review. */
export async function registerMemberRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The level review runs with the other scheduled work, for as long as the app does.
  const unregister = memberJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });

  r.get(
    '/api/members/standing',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(memberStanding) } },
    async (request) => ok(await getStanding(ctx, userOf(request).userId, request.lang)),
  );

  r.get(
    '/api/members/points',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: creditPointsQuery, response: okResponse(page(creditPointEvent)) },
    },
    async (request) => ok(await listPointEvents(ctx.database.db, userOf(request).userId, request.query)),
  );
}
