import { products } from '@bourse/shared/schemas/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { productConditions } from './products.service.ts';

const tags = ['products'];

export async function registerProductRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Open: the shop shows the conditions to visitors before they sign up.
  r.get('/api/products', { config: { auth: 'public' }, schema: { tags, response: okResponse(products) } }, async () =>
    ok(await productConditions(ctx)),
  );
}
