import {
  adminLoginBody,
  adminLoginResponse,
  auditEntry,
  clockAdvanceBody,
  clockAdvanceResult,
  ledgerReport,
  ledgerTotals,
  operatorInfo,
  outboxEntry,
} from '@bourse/shared/schemas/admin';
import { page, pageQuery } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SimulatedClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { ledgerTotals as readLedgerTotals } from '../../platform/ledger/ledger-reads.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { appendAudit, auditedChange, listAudit } from '../../platform/audit.ts';
import { listOutbox } from './admin.service.ts';
import { operatorLogin, operatorLogout, toOperatorInfo } from './operators.service.ts';

const tags = ['admin'];

/**
 * The console's own routes: operator sign-in and sign-out, the audit log, the outbox, the ledger
 * check and the simulated clock. The pages of a domain live with that domain.
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/login',
    {
      config: { auth: 'public', rateLimit: { max: ctx.config.LOGIN_RATE_PER_IP_PER_MINUTE, timeWindow: 60_000 } },
      schema: { tags, body: adminLoginBody, response: okResponse(adminLoginResponse) },
    },
    async (request) => {
      const result = await operatorLogin(ctx, request.body, { ip: request.ip ?? null });
      return ok({
        token: result.token,
        expiresAt: new Date(result.expiresAt).toISOString(),
        operator: result.operator,
      });
    },
  );

  const anyRole = ['admin', 'finance', 'compliance', 'support'] as const;

  r.post(
    '/api/admin/logout',
    { config: { auth: 'operator', roles: anyRole }, schema: { tags, response: okResponse(z.null()) } },
    async (request) => {
      await operatorLogout(ctx, operatorOf(request), request.ip ?? null);
      return ok(null);
    },
  );

  r.get(
    '/api/admin/me',
    { config: { auth: 'operator', roles: anyRole }, schema: { tags, response: okResponse(operatorInfo) } },
    async (request) => {
      const op = operatorOf(request);
      return ok(toOperatorInfo({ id: op.operatorId, username: op.username, roles: op.roles }));
    },
  );

  r.get(
    '/api/admin/audit',
    {
      config: { auth: 'operator', roles: ['admin'] },
      schema: { tags, querystring: pageQuery, response: okResponse(page(auditEntry)) },
    },
    async (request) => ok(await listAudit(ctx.database.db, request.query)),
  );

  r.get(
    '/api/admin/outbox',
    {
      config: { auth: 'operator', roles: ['admin', 'support'] },
      schema: { tags, querystring: pageQuery, response: okResponse(page(outboxEntry)) },
    },
    async (request) => ok(await listOutbox(ctx.database.db, request.query)),
  );

  r.post(
    '/api/admin/ledger/verify',
    {
      config: { auth: 'operator', roles: ['admin', 'finance'] },
      schema: {
        tags,
        response: okResponse(ledgerReport),
      },
    },
    async (request) => {
      const report = await verifyLedger(ctx.database.db);
      const operator = operatorOf(request);
      await appendAudit(ctx.database.db, {
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
        action: 'ledger.verify',
        details: { ok: report.ok, problems: report.problems.length, ...report.checked },
        ip: request.ip ?? null,
        atMs: ctx.clock.nowMs(),
      });
      return ok(report);
    },
  );

  // Read-only, so not audited: the balances of the whole ledger by kind, in one snapshot. The bank
  // test (reliability/) reads it under load to check that the total stays 0 and no investor is negative.
  r.get(
    '/api/admin/ledger/totals',
    {
      config: { auth: 'operator', roles: ['admin', 'finance'] },
      schema: { tags, response: okResponse(ledgerTotals) },
    },
    async () => ok(await readLedgerTotals(ctx.database.db)),
  );

  r.post(
    '/api/admin/clock/advance',
    {
      config: { auth: 'operator', roles: ['admin'] },
      schema: {
        tags,
        body: clockAdvanceBody,
        response: okResponse(clockAdvanceResult),
      },
    },
    async (request) => {
      const clock = ctx.clock;
      if (!(clock instanceof SimulatedClock)) throw new AppError('CLOCK_NOT_SIMULATED');
      const before = clock.now().toISOString();
      const now = await auditedChange(
        ctx,
        request,
        { action: 'clock.advance', target: null, details: { ms: request.body.ms, from: before } },
        () => Promise.resolve(clock.advance(request.body.ms)),
      );
      // Whatever fell due in the skipped time happens now, in the order it fell due: here, or, scaled
      // out, on the instance holding the jobs lease once every instance has adopted the new time.
      const jobs = ctx.clockSync ? await ctx.clockSync.advanced() : await ctx.jobs.runDue();
      return ok({ now: now.toISOString(), jobs });
    },
  );
}
