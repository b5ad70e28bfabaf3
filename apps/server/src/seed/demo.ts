import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@bourse/shared/languages';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/crypto.ts';
import { createOperator } from '../domains/admin/operators.service.ts';
import { createInvitation } from '../domains/invitations/invitations.service.ts';
import { appendAudit } from '../domains/admin/audit.ts';

export interface DemoCredentials {
  investor: { username: string; password: string };
  inviteCode: string;
  operator: { username: string; password: string; totpSecret: string };
}

export const DEMO_INVESTOR_PHONE = '+4915123456789';
export const DEMO_OPERATOR = 'admin';

function demoPassword(): string {
  // Letters and digits, so it passes the password policy; 12 random base64url characters plus a digit.
  return `Demo${randomBytes(9).toString('base64url')}7`;
}

/**
 * Seeds the demo on an empty database: one operator with every role, one investor, one unused
 * invitation code. Writes the credentials to data/demo-credentials.json (mode 600). On later starts
 * it only reads that file back.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoCredentials> {
  const file = path.join(ctx.config.DATA_DIR, 'demo-credentials.json');
  const existingOperator = await ctx.database.db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  if (existingOperator && existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
  }
  if (existingOperator)
    throw new Error(`the database has operators but ${file} is missing: not reseeding over real data`);

  const nowMs = ctx.clock.nowMs();
  const investorPassword = demoPassword();
  const operatorPassword = demoPassword();
  const investorHash = await hashPassword(investorPassword);

  const credentials = await ctx.database.transaction(async (trx) => {
    const operator = await createOperator(trx, {
      username: DEMO_OPERATOR,
      password: operatorPassword,
      roles: ['admin', 'finance', 'compliance', 'support'],
      nowMs,
    });
    const seedInvite = await createInvitation(trx, {
      note: 'demo investor',
      maxUses: 1,
      operatorId: operator.id,
      nowMs,
    });
    await trx.updateTable('invitations').set({ uses: 1 }).where('code', '=', seedInvite.code).execute();
    await trx
      .insertInto('users')
      .values({
        phone: DEMO_INVESTOR_PHONE,
        passwordHash: investorHash,
        nickname: 'Demo Investor',
        avatar: null,
        email: null,
        lang: DEFAULT_LANGUAGE,
        tradingPasswordHash: null,
        inviteCode: seedInvite.code,
        createdAt: nowMs,
        updatedAt: nowMs,
      })
      .execute();
    const unused = await createInvitation(trx, { note: 'demo: unused', maxUses: 1, operatorId: operator.id, nowMs });
    await appendAudit(trx, {
      operatorId: operator.id,
      operatorUsername: DEMO_OPERATOR,
      action: 'demo.seed',
      target: null,
      details: { investor: DEMO_INVESTOR_PHONE },
      ip: null,
      atMs: nowMs,
    });
    return {
      investor: { username: DEMO_INVESTOR_PHONE, password: investorPassword },
      inviteCode: unused.code,
      operator: { username: DEMO_OPERATOR, password: operatorPassword, totpSecret: operator.totpSecret },
    } satisfies DemoCredentials;
  });

  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return credentials;
}

export function describeCredentials(credentials: DemoCredentials, baseUrl: string, file: string): string {
  return [
    '',
    '  Bourse demo is running.',
    '',
    `  Investor app     ${baseUrl}/`,
    `    mobile number  ${credentials.investor.username}`,
    `    password       ${credentials.investor.password}`,
    `  Unused invitation code for a new account: ${credentials.inviteCode}`,
    '',
    `  Operator console ${baseUrl}/admin/`,
    `    username       ${credentials.operator.username}`,
    `    password       ${credentials.operator.password}`,
    `    TOTP secret    ${credentials.operator.totpSecret}  (base32; add it to an authenticator app)`,
    '',
    `  The same is in ${file}.`,
    '',
  ].join('\n');
}
