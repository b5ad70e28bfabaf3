import { formatMinor } from '@bourse/shared/money';
import { seesInvestorMoney } from '@bourse/shared/schemas/admin';
import { feeSettings, feeSettingsAfterUpdate, feeSettingsUpdate } from '@bourse/shared/schemas/settings-admin';
import { adminUser, adminUserPage, adminUsersQuery } from '@bourse/shared/schemas/admin-users';
import { idParams, page, rejectBody } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import type { Trx } from '../../platform/db/database.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { revokeAllSessions } from '../auth/auth.service.ts';
import { changeSettings, findSettingsChange } from '../settings/settings-changes.service.ts';
import { getSettings, type SettingKey } from '../settings/settings.service.ts';
import { announceSessionsRevoked } from '../stream/stream.service.ts';
import { maskIban } from '../wallet/wallet.service.ts';
import { appendAudit, auditedChange } from '../../platform/audit.ts';

const tags = ['admin'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toAdminUser(row: {
  id: number;
  phone: string;
  nickname: string;
  kycStatus: string;
  status: string;
  level: number;
  creditPoints: number;
  createdAt: number;
}) {
  return {
    id: Number(row.id),
    phone: row.phone,
    nickname: row.nickname,
    kycStatus: row.kycStatus,
    status: row.status === 'frozen' ? ('frozen' as const) : ('active' as const),
    level: row.level,
    creditPoints: row.creditPoints,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The console's user pages and settings. Looking an investor up is open to every role that serves
 * investors, their money (balances, entries, cards, sessions) only to INVESTOR_MONEY_ROLES;
 * freezing is for admin and compliance; fee and limit settings for admin and finance. Every change
 * is audited with what it was before.
 */
export async function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const everyone = ['admin', 'finance', 'compliance', 'support'] as const;

  r.get(
    '/api/admin/users',
    {
      config: { auth: 'operator', roles: everyone },
      schema: {
        tags,
        querystring: adminUsersQuery,
        response: okResponse(page(adminUser)),
      },
    },
    async (request) => {
      const { q, page: pageNo, pageSize } = request.query;
      let query = ctx.database.db.selectFrom('users');
      if (q) {
        const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
        const pattern = `%${escaped}%`;
        // Both dialects honour an explicit ESCAPE; SQLite has no default escape character.
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`${eb.ref('phone')} like ${pattern} escape '\\'`,
            sql<boolean>`${eb.ref('nickname')} like ${pattern} escape '\\'`,
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({ items: rows.map(toAdminUser), total: Number(total.n), page: pageNo, pageSize });
    },
  );

  r.get(
    '/api/admin/users/:id',
    {
      config: { auth: 'operator', roles: everyone },
      // The full page for the roles that see investors' money, the contact part for support.
      schema: { tags, params: idParams, response: okResponse(adminUserPage) },
    },
    async (request) => {
      const db = ctx.database.db;
      const user = await db.selectFrom('users').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      if (!seesInvestorMoney(operatorOf(request).roles)) return ok({ user: toAdminUser(user) });
      const accounts = await db
        .selectFrom('ledgerAccounts')
        .select(['id', 'kind', 'code', 'balanceMinor'])
        .where('userId', '=', user.id)
        .execute();
      const balance = (kind: string) => formatMinor(Number(accounts.find((a) => a.kind === kind)?.balanceMinor ?? 0));
      const accountIds = accounts.map((a) => Number(a.id));
      const entryRows = accountIds.length
        ? await db
            .selectFrom('journalEntries as e')
            .select(['e.id', 'e.kind', 'e.memo', 'e.createdAt'])
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('postings as p')
                  .select('p.id')
                  .whereRef('p.entryId', '=', 'e.id')
                  .where('p.accountId', 'in', accountIds),
              ),
            )
            .orderBy('e.id', 'desc')
            .limit(50)
            .execute()
        : [];
      const postings = entryRows.length
        ? await db
            .selectFrom('postings as p')
            .innerJoin('ledgerAccounts as a', 'a.id', 'p.accountId')
            .select(['p.entryId', 'a.code', 'p.amountMinor'])
            .where(
              'p.entryId',
              'in',
              entryRows.map((e) => Number(e.id)),
            )
            .orderBy('p.id')
            .execute()
        : [];
      const cards = await db
        .selectFrom('bankCards')
        .selectAll()
        .where('userId', '=', user.id)
        .where('status', '=', 'active')
        .execute();
      const sessions = await db
        .selectFrom('sessions')
        .selectAll()
        .where('userId', '=', user.id)
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      return ok({
        user: toAdminUser(user),
        balances: {
          cash: balance('cash'),
          frozen: balance('frozen'),
          fund: balance('fund'),
          fundPending: balance('fund_pending'),
          loan: balance('loan'),
        },
        entries: entryRows.map((e) => ({
          id: Number(e.id),
          kind: e.kind,
          memo: e.memo,
          createdAt: new Date(e.createdAt).toISOString(),
          postings: postings
            .filter((p) => Number(p.entryId) === Number(e.id))
            .map((p) => ({ account: p.code, amount: formatMinor(Number(p.amountMinor)) })),
        })),
        cards: cards.map((c) => ({
          id: Number(c.id),
          bankName: c.bankName,
          holderName: c.holderName,
          ibanMasked: maskIban(c.iban),
          createdAt: new Date(c.createdAt).toISOString(),
        })),
        sessions: sessions.map((s) => ({
          id: Number(s.id),
          createdAt: new Date(s.createdAt).toISOString(),
          lastSeenAt: new Date(s.lastSeenAt).toISOString(),
          expiresAt: new Date(s.expiresAt).toISOString(),
          revokedAt: iso(s.revokedAt),
          ip: s.ip,
          userAgent: s.userAgent,
        })),
      });
    },
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { auth: 'operator', roles: ['admin', 'compliance'] },
        schema: { tags, params: idParams, body: rejectBody, response: okResponse(adminUser) },
      },
      async (request) =>
        ok(
          await auditedChange(
            ctx,
            request,
            { action: `user.${action}`, target: String(request.params.id), details: { reason: request.body.reason } },
            async (trx: Trx, nowMs) => {
              const user = await trx
                .selectFrom('users')
                .selectAll()
                .where('id', '=', request.params.id)
                .executeTakeFirst();
              if (!user) throw new AppError('NOT_FOUND');
              const status = action === 'freeze' ? 'frozen' : 'active';
              if (user.status === status) throw new AppError('CONFLICT');
              await trx.updateTable('users').set({ status, updatedAt: nowMs }).where('id', '=', user.id).execute();
              // A frozen account is signed out everywhere at once.
              if (action === 'freeze') await revokeAllSessions(trx, user.id, nowMs, 'frozen');
              return toAdminUser({ ...user, status });
            },
          ).then((changed) => {
            // After the commit: the frozen account's stream sockets lose their private topics at once.
            if (action === 'freeze') announceSessionsRevoked(ctx, request.params.id);
            return changed;
          }),
        ),
    );
  }

  const finance = ['admin', 'finance'] as const;
  r.get(
    '/api/admin/settings',
    { config: { auth: 'operator', roles: finance }, schema: { tags, response: okResponse(feeSettings) } },
    async () => ok(await getSettings(ctx.database.db)),
  );

  // A change that loosens a money control is held for a second operator (settings-changes.service.ts);
  // the answer carries the settings as now stored and that pending change, if any.
  r.put(
    '/api/admin/settings',
    {
      config: { auth: 'operator', roles: finance },
      schema: { tags, body: feeSettingsUpdate, response: okResponse(feeSettingsAfterUpdate) },
    },
    async (request) => {
      const values = Object.entries(request.body).filter(([, v]) => v !== undefined) as Array<[SettingKey, string]>;
      const operator = operatorOf(request);
      const nowMs = ctx.clock.nowMs();
      const result = await ctx.database.transaction(async (trx) => {
        const changed = await changeSettings(trx, { operatorId: operator.operatorId, values, nowMs });
        const line = {
          operatorId: operator.operatorId,
          operatorUsername: operator.username,
          ip: request.ip ?? null,
          atMs: nowMs,
        };
        if (Object.keys(changed.applied).length > 0 || !changed.pending) {
          await appendAudit(trx, { ...line, action: 'settings.update', target: null, details: changed.applied });
        }
        let pendingChange = null;
        if (changed.pending) {
          await appendAudit(trx, {
            ...line,
            action: 'settings.change.propose',
            target: String(changed.pending.id),
            details: changed.pending.changes,
          });
          pendingChange = await findSettingsChange(trx, changed.pending.id);
        }
        return { ...changed.settings, pendingChange };
      });
      return ok(result);
    },
  );
}
