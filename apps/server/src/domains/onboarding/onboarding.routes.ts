import { onboardingDismissBody, onboardingResponse } from '@bourse/shared/schemas/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { dismiss, getOnboarding } from './onboarding.service.ts';

const tags = ['user'];

export async function registerOnboardingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/onboarding',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(onboardingResponse) } },
    async (request) => ok(await getOnboarding(ctx, userOf(request).userId)),
  );

  r.post(
    '/api/user/onboarding/dismiss',
    {
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags, body: onboardingDismissBody, response: okResponse(onboardingResponse) },
    },
    async (request) => ok(await dismiss(ctx, userOf(request).userId)),
  );
}
