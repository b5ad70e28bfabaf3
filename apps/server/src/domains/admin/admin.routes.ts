import {
  adminLoginBody,
  adminLoginResponse,
  auditEntry,
  createInvitationBody,
  invitation,
  invitationCodeParams,
  clockAdvanceBody,
  clockAdvanceResult,
  ledgerReport,
  operatorInfo,
  outboxEntry,
} from '@bourse/shared/schemas/admin';
import { page, pageQuery } from '@bourse/shared/schemas/common';
import type { Invitation } from '@bourse/shared/schemas/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SimulatedClock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Trx } from '../../platform/db/database.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { createInvitation, disableInvitation, listInvitations } from '../invitations/invitations.service.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { appendAudit, listAudit } from '../../platform/audit.ts';
import { operatorLogin, operatorLogout, toOperatorInfo } from './operators.service.ts';

const tags = ['admin'];

export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Runs an operator's change and its audit line in one transaction: no change without its record. */
  async function audited<T>(
    request: FastifyRequest,
    action: string,
    target: string | null | ((result: T) => string),
    details: Record<string, unknown> | null,
    change: (trx: Trx, nowMs: number) => Promise<T>,
  ): Promise<T> {
    const operator = operatorOf(request);
    const nowMs = ctx.clock.nowMs();
    return ctx.database.transaction(async (trx) => {
      const result = await change(trx, nowMs);
      await appendAudit(trx, {
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
        action,
        target: typeof target === 'function' ? target(result) : target,
        details,
        ip: request.ip ?? null,
        atMs: nowMs,
      });
      return result;
    });
  }

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

  const invitationRoles = ['admin', 'support'] as const;

  r.get(
    '/api/admin/invitations',
    {
      config: { auth: 'operator', roles: invitationRoles },
      schema: { tags, querystring: pageQuery, response: okResponse(page(invitation)) },
    },
    async (request) => ok(await listInvitations(ctx.database.db, request.query)),
  );

  r.post(
    '/api/admin/invitations',
    {
      config: { auth: 'operator', roles: invitationRoles },
      schema: { tags, body: createInvitationBody, response: okResponse(invitation) },
    },
    async (request) => {
      const body = request.body;
      const operator = operatorOf(request);
      const created = await audited(
        request,
        'invitation.create',
        (inv: Invitation) => inv.code,
        { note: body.note ?? null, maxUses: body.maxUses ?? null },
        (trx, nowMs) => createInvitation(trx, { ...body, operatorId: operator.operatorId, nowMs }),
      );
      return ok(created);
    },
  );

  r.post(
    '/api/admin/invitations/:code/disable',
    {
      config: { auth: 'operator', roles: invitationRoles },
      schema: { tags, params: invitationCodeParams, response: okResponse(invitation) },
    },
    async (request) =>
      ok(
        await audited(request, 'invitation.disable', request.params.code, null, (trx, nowMs) =>
          disableInvitation(trx, request.params.code, nowMs),
        ),
      ),
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
    async (request) => {
      const { page: pageNo, pageSize } = request.query;
      const db = ctx.database.db;
      const [rows, total] = await Promise.all([
        db
          .selectFrom('outbox')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return ok({
        items: rows.map((row) => ({
          id: Number(row.id),
          channel: row.channel,
          recipient: row.recipient,
          template: row.template,
          body: row.body,
          createdAt: new Date(row.createdAt).toISOString(),
        })),
        total: Number(total.n),
        page: pageNo,
        pageSize,
      });
    },
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
      const now = await audited(request, 'clock.advance', null, { ms: request.body.ms, from: before }, () =>
        Promise.resolve(clock.advance(request.body.ms)),
      );
      // Whatever fell due in the skipped time happens now, in the order it fell due.
      const jobs = await ctx.jobs.runDue();
      return ok({ now: now.toISOString(), jobs });
    },
  );
}
