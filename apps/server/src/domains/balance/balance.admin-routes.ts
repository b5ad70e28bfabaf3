import {
  fundRateBody,
  fundRates,
  fundRateVersion,
  holiday,
  holidayBody,
  holidayParams,
  holidayQuery,
  holidays,
} from '@bourse/shared/schemas/balance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import {
  addHoliday,
  applyHolidays,
  fundRates as ratesOf,
  listHolidays,
  removeHoliday,
  seedHolidays,
  setFundRate,
} from './balance.service.ts';

/** The hub notice that tells other instances to reload the holidays. */
const HOLIDAYS_CHANGED_NOTICE = 'calendar-holidays-changed';

/**
 * The console's balance product: the fund's rate with its history (admin, finance), and each
 * exchange's holidays (admin; `?exchange=` or the body's `exchange`, the default exchange without):
 * its trading days and its sales' T+1 settlement; the default exchange's also date the fund's T+1
 * confirmations. Every change audited.
 */
export async function registerBalanceAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  await ctx.database.transaction((trx) => seedHolidays(ctx, trx));
  // Scaled out, an operator's change on one instance reaches every instance's calendar through the hub.
  const stopNotices = ctx.hub.onNotice(HOLIDAYS_CHANGED_NOTICE, () => {
    applyHolidays(ctx, ctx.database.db).catch((error: unknown) => app.log.error({ err: error }, 'holidays reload'));
  });
  app.addHook('onClose', async () => stopNotices());
  /** After the commit: the live calendar (and the order writer's thread) follow the table, here and elsewhere. */
  const holidaysChanged = async () => {
    await applyHolidays(ctx, ctx.database.db);
    ctx.hub.notify(HOLIDAYS_CHANGED_NOTICE, '');
  };

  r.get(
    '/api/admin/fund/rates',
    { config: { auth: 'operator', roles: ['admin', 'finance'] }, schema: { tags, response: okResponse(fundRates) } },
    async () => ok(await ratesOf(ctx)),
  );

  r.post(
    '/api/admin/fund/rates',
    {
      config: { auth: 'operator', roles: ['admin', 'finance'] },
      schema: { tags, body: fundRateBody, response: okResponse(fundRateVersion) },
    },
    async (request) =>
      ok(
        await ctx.database.transaction((trx) =>
          setFundRate(ctx, trx, { operator: operatorOf(request), ip: request.ip ?? null, body: request.body }),
        ),
      ),
  );

  r.get(
    '/api/admin/calendar/holidays',
    {
      config: { auth: 'operator', roles: ['admin'] },
      schema: { tags, querystring: holidayQuery, response: okResponse(holidays) },
    },
    async (request) => ok(await listHolidays(ctx, request.query.exchange)),
  );

  r.post(
    '/api/admin/calendar/holidays',
    {
      config: { auth: 'operator', roles: ['admin'] },
      schema: { tags, body: holidayBody, response: okResponse(holiday) },
    },
    async (request) => {
      const added = await ctx.database.transaction((trx) =>
        addHoliday(ctx, trx, { operator: operatorOf(request), ip: request.ip ?? null, body: request.body }),
      );
      await holidaysChanged();
      return ok(added);
    },
  );

  r.delete(
    '/api/admin/calendar/holidays/:date',
    {
      config: { auth: 'operator', roles: ['admin'] },
      schema: { tags, params: holidayParams, querystring: holidayQuery, response: okResponse(holiday) },
    },
    async (request) => {
      const removed = await ctx.database.transaction((trx) =>
        removeHoliday(ctx, trx, {
          operator: operatorOf(request),
          ip: request.ip ?? null,
          date: request.params.date,
          exchange: request.query.exchange,
        }),
      );
      await holidaysChanged();
      return ok(removed);
    },
  );
}
