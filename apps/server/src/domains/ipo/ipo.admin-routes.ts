import { INVESTOR_MONEY_ROLES } from '@bourse/shared/schemas/admin';
import { idParams, page, pageQuery, rejectBody } from '@bourse/shared/schemas/common';
import {
  type AdminIpoIssue,
  adminIpoIssue,
  adminIpoQuery,
  adminIpoResult,
  ipoIssueBody,
  ipoIssuePatch,
} from '@bourse/shared/schemas/ipo';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import {
  cancelIssue,
  createIssue,
  editIssue,
  issueForConsole,
  issueResults,
  listIssuesForConsole,
  allocateFromConsole,
} from './ipo.service.ts';

const tags = ['admin'];

/**
 * The console's new issues: admin and finance create, edit and cancel (each audited); compliance and
 * support read the list and demand; the per-investor results are investors' money
 * (INVESTOR_MONEY_ROLES).
 */
export async function registerIpoAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const manage = ['admin', 'finance'] as const;
  const read = ['admin', 'finance', 'compliance', 'support'] as const;

  r.get(
    '/api/admin/ipo',
    {
      config: { auth: 'operator', roles: read },
      schema: { tags, querystring: adminIpoQuery, response: okResponse(page(adminIpoIssue)) },
    },
    async (request) => ok(await listIssuesForConsole(ctx, request.query)),
  );

  r.get(
    '/api/admin/ipo/:id',
    {
      config: { auth: 'operator', roles: read },
      schema: { tags, params: idParams, response: okResponse(adminIpoIssue) },
    },
    async (request) => ok(await issueForConsole(ctx.database.db, request.params.id)),
  );

  r.post(
    '/api/admin/ipo',
    {
      config: { auth: 'operator', roles: manage },
      schema: { tags, body: ipoIssueBody, response: okResponse(adminIpoIssue) },
    },
    async (request) => {
      const created = await auditedChange<AdminIpoIssue>(
        ctx,
        request,
        {
          action: 'ipo.create',
          target: (issue) => String(issue.id),
          details: (issue) => ({
            code: issue.code,
            applicationCode: issue.applicationCode,
            issuePrice: issue.issuePrice,
          }),
        },
        (trx, nowMs) => createIssue(ctx, trx, request.body, nowMs),
      );
      // A window that has already begun opens now rather than at the runner's next tick.
      await ctx.jobs.runDue();
      return ok(await issueForConsole(ctx.database.db, created.id));
    },
  );

  r.put(
    '/api/admin/ipo/:id',
    {
      config: { auth: 'operator', roles: manage },
      schema: { tags, params: idParams, body: ipoIssuePatch, response: okResponse(adminIpoIssue) },
    },
    async (request) => {
      const { issue } = await auditedChange<Awaited<ReturnType<typeof editIssue>>>(
        ctx,
        request,
        { action: 'ipo.update', target: String(request.params.id), details: (result) => ({ changes: result.changes }) },
        (trx, nowMs) => editIssue(ctx, trx, request.params.id, request.body, nowMs),
      );
      await ctx.jobs.runDue();
      return ok(await issueForConsole(ctx.database.db, issue.id));
    },
  );

  r.post(
    '/api/admin/ipo/:id/cancel',
    {
      config: { auth: 'operator', roles: manage },
      schema: { tags, params: idParams, body: rejectBody, response: okResponse(adminIpoIssue) },
    },
    async (request) =>
      // Money moves (every hold voided) without an Idempotency-Key: the status check makes a
      // second cancellation a refusal.
      ok(
        await money.executeUnkeyed((trx) =>
          cancelIssue(ctx, trx, {
            id: request.params.id,
            reason: request.body.reason,
            operator: operatorOf(request),
            ip: request.ip ?? null,
          }),
        ),
      ),
  );

  r.post(
    '/api/admin/ipo/:id/allocate',
    {
      config: { auth: 'operator', roles: manage },
      schema: { tags, params: idParams, response: okResponse(adminIpoIssue) },
    },
    // The draw now, before its scheduled time (the job runs it otherwise). Its transactions are its
    // own (one per chunk of subscriptions, see allocateIssue); a second run changes nothing.
    async (request) =>
      ok(
        (
          await allocateFromConsole(ctx, {
            id: request.params.id,
            operator: operatorOf(request),
            ip: request.ip ?? null,
          })
        ).issue,
      ),
  );

  r.get(
    '/api/admin/ipo/:id/results',
    {
      config: { auth: 'operator', roles: INVESTOR_MONEY_ROLES },
      schema: { tags, params: idParams, querystring: pageQuery, response: okResponse(page(adminIpoResult)) },
    },
    async (request) => ok(await issueResults(ctx, request.params.id, request.query)),
  );
}
