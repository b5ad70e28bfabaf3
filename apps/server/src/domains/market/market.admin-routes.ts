import { codeParams, instrumentInput, instrumentPatch } from '@bourse/shared/schemas/market';
import {
  adminExchange,
  adminExchanges,
  adminInstrumentDetail as adminInstrumentDetailSchema,
  adminInstrumentsPage,
  exchangeCodeParams,
  exchangeHoursBody,
  adminInstrumentsQuery,
  importSummary,
  INSTRUMENT_IMPORT_MAX_CHARS,
  instrumentImportBody,
} from '@bourse/shared/schemas/market-admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { invariant } from '../../platform/errors.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { auditedChange } from '../../platform/audit.ts';
import { adminExchangeList, loadedExchanges, setExchangeHours, type ExchangeHoursChange } from './exchanges.ts';
import { importBars } from './import.service.ts';
import {
  adminInstrumentDetail,
  insertInstrument,
  listAdminInstruments,
  updateInstrument,
  type InstrumentChanges,
} from './instruments.service.ts';

const tags = ['admin', 'market'];

/** The hub notice that tells other instances to reload the exchanges' hours. */
const EXCHANGES_CHANGED_NOTICE = 'exchanges-changed';

/** Instrument management is the administrator's: it decides what investors can see and trade. */
const INSTRUMENT_ROLES = ['admin'] as const;

/**
 * The JSON body of an import: the CSV text (at most 20 MiB of characters) plus the escaping JSON
 * adds to its line ends and quotes. Only this route accepts bodies this large.
 */
const IMPORT_BODY_LIMIT_BYTES = INSTRUMENT_IMPORT_MAX_CHARS + 4 * 1024 * 1024;

/** A console-created instrument is simulated, so it needs the price its simulation starts from. */
const createBody = instrumentInput.refine((input) => input.startPrice !== undefined, {
  path: ['startPrice'],
  message: 'a start price is required',
});

/**
 * The console's instrument management: list, look up, create, edit (names, fundamentals, listing,
 * suspension, trading on or off) and OHLCV history import. Every change is audited in the same
 * transaction, and the market provider picks it up right after.
 */
export async function registerMarketAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'operator' as const, roles: INSTRUMENT_ROLES };

  // Scaled out, an operator's change of hours on one instance reaches every instance's calendars.
  const stopNotices = ctx.hub.onNotice(EXCHANGES_CHANGED_NOTICE, () => {
    loadedExchanges(ctx).catch((error: unknown) => app.log.error({ err: error }, 'exchanges reload'));
  });
  app.addHook('onClose', async () => stopNotices());

  r.get(
    '/api/admin/exchanges',
    {
      config,
      schema: {
        tags,
        summary: 'The exchanges with their trading sessions and time zones',
        response: okResponse(adminExchanges),
      },
    },
    async () => ok(await adminExchangeList(ctx)),
  );

  r.put(
    '/api/admin/exchanges/:code',
    {
      config,
      schema: {
        tags,
        summary: 'Sets an exchange’s trading sessions (HH:MM-HH:MM, comma-separated) and IANA time zone',
        params: exchangeCodeParams,
        body: exchangeHoursBody,
        response: okResponse(adminExchange),
      },
    },
    async (request) => {
      const { code } = request.params;
      const change = await auditedChange<ExchangeHoursChange>(
        ctx,
        request,
        {
          action: 'exchange.hours',
          target: code,
          details: (result) => ({
            before: result.before,
            after: { hours: result.exchange.hours, timeZone: result.exchange.timeZone },
          }),
        },
        (trx) => setExchangeHours(ctx, trx, code, request.body),
      );
      // Committed: this instance's calendars (and the order writer's thread) follow, then the others.
      await loadedExchanges(ctx);
      ctx.hub.notify(EXCHANGES_CHANGED_NOTICE, '');
      return ok(change.exchange);
    },
  );

  /** The change is committed; a provider that fails to reload it is logged, not reported as a failed change. */
  const refreshMarket = async (request: FastifyRequest) => {
    try {
      await ctx.market.refreshInstruments();
    } catch (error) {
      request.log.error({ err: error }, 'market provider could not reload the instruments');
    }
  };

  r.get(
    '/api/admin/instruments',
    {
      config,
      schema: {
        tags,
        summary: 'Instruments with status, trading switch, last price and stored daily history',
        querystring: adminInstrumentsQuery,
        response: okResponse(adminInstrumentsPage),
      },
    },
    async (request) => ok(await listAdminInstruments(ctx, request.query)),
  );

  r.get(
    '/api/admin/instruments/:code',
    {
      config,
      schema: {
        tags,
        summary: 'One instrument with its stored history and its last imports',
        params: codeParams,
        response: okResponse(adminInstrumentDetailSchema),
      },
    },
    async (request) => ok(await adminInstrumentDetail(ctx, request.params.code)),
  );

  r.post(
    '/api/admin/instruments',
    {
      config,
      schema: {
        tags,
        summary: 'Creates a simulated instrument (409 INSTRUMENT_CODE_TAKEN when the code is in use)',
        body: createBody,
        response: okResponse(adminInstrumentDetailSchema),
      },
    },
    async (request) => {
      const input = request.body;
      const startPrice = input.startPrice;
      invariant(startPrice !== undefined, 'the body schema requires a start price');
      await auditedChange(
        ctx,
        request,
        {
          action: 'instrument.create',
          target: input.code,
          details: {
            name: input.name,
            sector: input.sector,
            board: input.board,
            lotSize: input.lotSize,
            status: input.status,
            startPrice,
          },
        },
        (trx, nowMs) =>
          insertInstrument(
            trx,
            {
              ...input,
              startPrice,
              currency: ctx.config.CURRENCY,
              source: 'simulated',
            },
            nowMs,
          ),
      );
      await refreshMarket(request);
      return ok(await adminInstrumentDetail(ctx, input.code));
    },
  );

  r.put(
    '/api/admin/instruments/:code',
    {
      config,
      schema: {
        tags,
        summary: 'Edits an instrument: only the fields sent change; a new issue may be listed, never the reverse',
        params: codeParams,
        body: instrumentPatch,
        response: okResponse(adminInstrumentDetailSchema),
      },
    },
    async (request) => {
      const { code } = request.params;
      await auditedChange<{ changes: InstrumentChanges }>(
        ctx,
        request,
        { action: 'instrument.update', target: code, details: (result) => ({ changes: result.changes }) },
        (trx, nowMs) => updateInstrument(trx, code, request.body, nowMs),
      );
      await refreshMarket(request);
      return ok(await adminInstrumentDetail(ctx, code));
    },
  );

  r.post(
    '/api/admin/instruments/:code/import',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Imports OHLCV CSV history (datetime,open,high,low,close[,volume]); a new code creates the instrument. ' +
          'A file with problems is refused whole: 400 CSV_INVALID with details.problems [{ line, code, detail }]',
        params: codeParams,
        body: instrumentImportBody,
        response: okResponse(importSummary),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const summary = await importBars(ctx, {
        code: request.params.code,
        fileName: request.body.fileName,
        text: request.body.csv,
        dryRun: request.body.dryRun,
        operator: { id: operator.operatorId, username: operator.username, ip: request.ip ?? null },
      });
      if (!summary.dryRun) await refreshMarket(request);
      return ok(summary);
    },
  );
}
