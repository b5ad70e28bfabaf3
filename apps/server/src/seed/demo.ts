import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@bourse/shared/languages';
import { formatPrice, parsePrice, roundTicks, TICKS_PER_MINOR } from '@bourse/shared/price';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/crypto.ts';
import { createOperator } from '../domains/admin/operators.service.ts';
import { createInvitation } from '../domains/invitations/invitations.service.ts';
import { appendAudit } from '../platform/audit.ts';
import { approveSubmission, submitVerification } from '../domains/kyc/kyc.service.ts';
import { bindCard } from '../domains/wallet/cards.service.ts';
import { seedIpoIssues } from './ipo.ts';
import { createOffer } from '../domains/blocktrade/blocktrade.service.ts';
import {
  accrualDueAt,
  accrueFundDay,
  confirmDueOrders,
  nextAccrualDay,
  purchase,
  setFundRate,
} from '../domains/balance/balance.service.ts';
import { isoDate } from '../platform/calendar.ts';
import { moneyCommands } from '../platform/money-command.ts';
import { INSTRUMENT_CATALOG } from './instrument-catalog.ts';
import { seedInstruments } from './market.ts';

export interface DemoCredentials {
  investor: { username: string; password: string; tradingPassword: string };
  inviteCode: string;
  operator: { username: string; password: string; totpSecret: string };
}

export const DEMO_INVESTOR_PHONE = '+4915123456789';
export const DEMO_OPERATOR = 'admin';

function demoPassword(): string {
  // Letters and digits, so it passes the password policy; 12 random base64url characters plus a digit.
  return `Demo${randomBytes(9).toString('base64url')}7`;
}

/** Six random digits for the demo investor's trading password, so the demo can trade at once. */
function demoTradingPassword(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Seeds the demo on an empty database: one operator with every role, one investor, one unused
 * invitation code. Writes the credentials to data/demo-credentials.json (mode 600). On later starts
 * it only reads that file back.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoCredentials> {
  const file = path.join(ctx.config.DATA_DIR, 'demo-credentials.json');
  await seedInstruments(ctx);
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
  const tradingPassword = demoTradingPassword();
  const tradingHash = await hashPassword(tradingPassword);

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
        tradingPasswordHash: tradingHash,
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
      investor: { username: DEMO_INVESTOR_PHONE, password: investorPassword, tradingPassword },
      inviteCode: unused.code,
      operator: { username: DEMO_OPERATOR, password: operatorPassword, totpSecret: operator.totpSecret },
    } satisfies DemoCredentials;
  });

  await verifyAndFundDemoInvestor(ctx);
  const operator = await ctx.database.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', DEMO_OPERATOR)
    .executeTakeFirstOrThrow();
  await seedIpoIssues(ctx, { id: Number(operator.id), username: DEMO_OPERATOR });
  await seedBlockOffer(ctx);
  await seedFund(ctx, tradingPassword);
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
    `    trading pass.  ${credentials.investor.tradingPassword}  (6 digits, confirms orders and withdrawals)`,
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

export const DEMO_REAL_NAME = 'Erika Mustermann';
export const DEMO_DEPOSIT_MINOR = 1_000_000;

/** A plain ID-card-sized picture for the demo's identity documents (no real document is shipped). */
async function demoDocument(shade: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 856, height: 540, channels: 3, background: { r: shade, g: 120, b: 180 } } })
    .jpeg()
    .toBuffer();
}

/**
 * The demo investor goes the way every investor does: identity submitted and approved by the demo
 * operator (audited), a bank account of the verified holder bound, and a settled deposit of
 * 10,000.00 posted to the ledger like any other.
 */
async function verifyAndFundDemoInvestor(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', DEMO_INVESTOR_PHONE)
    .executeTakeFirstOrThrow();
  const operator = await db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', DEMO_OPERATOR)
    .executeTakeFirstOrThrow();
  const userId = Number(user.id);
  await submitVerification(ctx, userId, {
    fields: { realName: DEMO_REAL_NAME, idNumber: 'L01X00T47', docType: 'id_card' },
    front: await demoDocument(40),
    back: await demoDocument(90),
  });
  const nowMs = ctx.clock.nowMs();
  await ctx.database.transaction(async (trx) => {
    await approveSubmission(trx, { userId, operatorId: Number(operator.id), nowMs });
    await appendAudit(trx, {
      operatorId: Number(operator.id),
      operatorUsername: DEMO_OPERATOR,
      action: 'kyc.approve',
      target: String(userId),
      details: { seed: true },
      ip: null,
      atMs: nowMs,
    });
  });
  await bindCard(ctx, userId, {
    bankName: 'Musterbank',
    branch: 'Berlin',
    holderName: DEMO_REAL_NAME,
    iban: 'DE89370400440532013000',
    agree: true,
  });
  await ctx.database.transaction(async (trx) => {
    const payment = await trx
      .insertInto('payments')
      .values({
        userId,
        type: 'deposit',
        amountMinor: DEMO_DEPOSIT_MINOR,
        currency: ctx.ledger.currency,
        status: 'succeeded',
        requestKey: 'demo-seed-deposit',
        createdAt: nowMs,
        completedAt: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.ledger.post(trx, {
      idempotencyKey: `payment:${payment.id}:credit`,
      kind: 'deposit',
      referenceType: 'payment',
      referenceId: Number(payment.id),
      memo: 'demo seed deposit',
      postings: [
        { account: { system: 'bank_clearing' }, amountMinor: -DEMO_DEPOSIT_MINOR },
        { account: { userId, kind: 'cash' }, amountMinor: DEMO_DEPOSIT_MINOR },
      ],
    });
  });
}

/** The listed share the demo's block-trade offer is for (Deutsche Telekom: lots of 10, about 30.00). */
export const DEMO_BLOCK_CODE = 'DTE';

/**
 * One open block-trade offer, listed by the demo operator the way the console does (audited): 20,000
 * shares of a listed seeded share at 3 % below its start price, at least 100 per order, open for 30
 * days from the seed.
 */
async function seedBlockOffer(ctx: AppContext): Promise<void> {
  const share = INSTRUMENT_CATALOG.find((item) => item.code === DEMO_BLOCK_CODE);
  if (!share) throw new Error(`the demo block offer's share ${DEMO_BLOCK_CODE} is not in the catalogue`);
  const operator = await ctx.database.db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', DEMO_OPERATOR)
    .executeTakeFirstOrThrow();
  const startTicks = parsePrice(share.startPrice);
  if (startTicks === null) throw new Error(`bad start price of ${DEMO_BLOCK_CODE}`);
  const nowMs = ctx.clock.nowMs();
  await ctx.database.transaction((trx) =>
    createOffer(ctx, trx, {
      operator: { operatorId: Number(operator.id), username: operator.username },
      ip: null,
      body: {
        code: DEMO_BLOCK_CODE,
        // 97 % of the start price, to the cent.
        price: formatPrice(roundTicks((startTicks * 97) / 100, TICKS_PER_MINOR)),
        minQuantity: 100,
        totalQuantity: 20_000,
        startsAt: new Date(nowMs).toISOString(),
        endsAt: new Date(nowMs + 30 * 24 * 3_600_000).toISOString(),
      },
    }),
  );
}

/** The balance fund's demo rate (percent a year) and the demo investor's purchase. */
export const DEMO_FUND_RATE = '3.00';
export const DEMO_FUND_PURCHASE = '5000.00';
/** The purchase is placed this many calendar days before the seed, so a few days have earned. */
const DEMO_FUND_DAYS_AGO = 7;

/**
 * The demo investor's fund holding, made by the product's own functions as if it had happened:
 * the operator set the rate a week ago, the investor bought then (a money command, as the app does),
 * and the confirmation and accrual run for the days since, in order, as the jobs would have.
 */
async function seedFund(ctx: AppContext, tradingPassword: string): Promise<void> {
  const db = ctx.database.db;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', DEMO_INVESTOR_PHONE)
    .executeTakeFirstOrThrow();
  const operator = await db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', DEMO_OPERATOR)
    .executeTakeFirstOrThrow();
  const nowMs = ctx.clock.nowMs();
  const today = ctx.calendar.tradingDate(nowMs);
  const startDate = isoDate(Date.parse(`${today}T00:00:00Z`) - DEMO_FUND_DAYS_AGO * 86_400_000);
  // 10:00 in the market's zone that day.
  const startMs = ctx.calendar.localTime(startDate, 10 * 60);
  await ctx.database.transaction((trx) =>
    setFundRate(ctx, trx, {
      operator: { operatorId: Number(operator.id), username: operator.username },
      ip: null,
      body: { rate: DEMO_FUND_RATE, effectiveDate: startDate },
      atMs: startMs,
    }),
  );
  const userId = Number(user.id);
  const body = { amount: DEMO_FUND_PURCHASE, tradingPassword };
  const bought = await moneyCommands(ctx).execute({
    ...purchase(ctx, { userId, ...body, atMs: startMs }),
    request: { userId, header: 'demo-seed-fund-purchase', method: 'POST', url: '/api/fund/purchase', params: {}, body },
    answer: (order) => ({ statusCode: 200, body: JSON.stringify(order) }),
    refusal: (error) => ({ statusCode: error.status, body: JSON.stringify({ error: error.code }) }),
  });
  if (bought.answer.statusCode !== 200) throw new Error(`demo fund purchase refused: ${bought.answer.body}`);
  // What the jobs do when they catch up: the confirmation at the start of its date, then each day's accrual.
  while ((await ctx.database.transaction((trx) => confirmDueOrders(ctx, trx, nowMs))) > 0);
  for (;;) {
    const day = await nextAccrualDay(db);
    if (day === null || accrualDueAt(ctx, day) > nowMs) break;
    await ctx.database.transaction((trx) => accrueFundDay(ctx, trx, day));
  }
}
