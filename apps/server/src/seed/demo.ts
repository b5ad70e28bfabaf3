import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@bourse/shared/languages';
import { formatMinor } from '@bourse/shared/money';
import { formatPrice, parsePrice, roundTicks, TICKS_PER_MINOR } from '@bourse/shared/price';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/crypto.ts';
import { createOperator } from '../domains/admin/operators.service.ts';
import { createInvitation } from '../domains/invitations/invitations.service.ts';
import { appendAudit } from '../platform/audit.ts';
import { approveSubmission, notifyDecision, submitVerification } from '../domains/kyc/kyc.service.ts';
import { publishAnnouncement, readAllMessages } from '../domains/messages/messages.service.ts';
import { notifyInvestor } from '../domains/users/users.service.ts';
import { bindCard } from '../domains/wallet/cards.service.ts';
import { awardCreditPoints, reviewMemberLevel } from '../domains/members/members.service.ts';
import { seedIpoIssues } from './ipo.ts';
import { seedNews } from './news.ts';
import { createOffer } from '../domains/blocktrade/blocktrade.service.ts';
import {
  accrualDueAt,
  accrueFundDay,
  confirmDueOrders,
  nextAccrualDay,
  purchase,
  setFundRate,
} from '../domains/balance/balance.service.ts';
import { accrueLoan, addDays, applyForLoan, decideLoan, repayLoan } from '../domains/loans/loans.service.ts';
import type { Clock } from '../platform/clock.ts';
import { AfterCommit, moneyCommands, type MoneyUnit } from '../platform/money-command.ts';
import { INSTRUMENT_CATALOG } from './instrument-catalog.ts';
import { seedInstruments } from './market.ts';
import { seedSupport } from './support.ts';

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

  const demoUserId = await verifyAndFundDemoInvestor(ctx);
  // The messages of the verification and the deposit have been read; what follows is still unread.
  await readAllMessages(ctx.database.db, demoUserId, ctx.clock.nowMs());
  const operator = await ctx.database.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', DEMO_OPERATOR)
    .executeTakeFirstOrThrow();
  await seedIpoIssues(ctx, { id: Number(operator.id), username: DEMO_OPERATOR });
  await seedBlockOffer(ctx);
  await seedLoans(ctx, credentials.investor.tradingPassword);
  await seedFund(ctx, credentials.investor.tradingPassword);
  await seedAnnouncement(ctx, Number(operator.id));
  await seedNews(ctx, { id: Number(operator.id), username: DEMO_OPERATOR });
  await seedSupport(ctx, { investorPhone: DEMO_INVESTOR_PHONE, operatorId: Number(operator.id) });
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
 * 10,000.00 posted to the ledger like any other. Credit points come the same way: identity
 * verification through the approval's own hook, the first deposit through `awardCreditPoints` (the
 * seed's deposit does not pass the payment webhook); the level (2, Silver, from 10,000.00 of total
 * assets) from the review every investor gets at the end of a day.
 */
async function verifyAndFundDemoInvestor(ctx: AppContext): Promise<number> {
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
    await notifyDecision(ctx, trx, { userId, status: 'approved' });
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
    await awardCreditPoints(trx, { userId, rule: 'first_deposit', reference: `payment:${payment.id}`, nowMs });
    await reviewMemberLevel(ctx, trx, userId, { businessDate: ctx.calendar.tradingDate(nowMs), nowMs });
    // The investor is told as a credited deposit always tells them (SMS outbox and message centre).
    await notifyInvestor(ctx, trx, userId, 'notify.depositCredited', { amount: formatMinor(DEMO_DEPOSIT_MINOR) });
  });
  return userId;
}

/** One announcement to everyone, published by the demo operator as the console does (audited). */
async function seedAnnouncement(ctx: AppContext, operatorId: number): Promise<void> {
  const nowMs = ctx.clock.nowMs();
  await ctx.database.transaction(async (trx) => {
    const published = await publishAnnouncement(ctx, trx, {
      body: {
        texts: {
          de: {
            title: 'Willkommen bei Bourse',
            body: 'Ihr Nachrichtenzentrum ist da: Entscheidungen zu Ihrem Konto und unsere Mitteilungen finden Sie ab sofort hier.',
          },
          en: {
            title: 'Welcome to Bourse',
            body: 'Your message centre is here: decisions on your account and our announcements now appear here.',
          },
        },
        audience: { segment: 'everyone' },
      },
      operatorId,
      nowMs,
    });
    await appendAudit(trx, {
      operatorId,
      operatorUsername: DEMO_OPERATOR,
      action: 'announcement.publish',
      target: `announcement:${published.id}`,
      details: { seed: true, audience: { segment: 'everyone' }, recipients: published.recipients },
      ip: null,
      atMs: nowMs,
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

/** The demo's second investor, whose loan application waits in the console's queue. */
export const DEMO_BORROWER_PHONE = '+4915123456790';
export const DEMO_BORROWER_NAME = 'Max Mustermann';
/** The demo investor's repaid loan and the second investor's pending application. */
export const DEMO_LOAN_MINOR = 200_000;
export const DEMO_PENDING_LOAN = '1500.00';
/** Days between the repaid loan's passing and its repayment (that many days of interest). */
export const DEMO_LOAN_DAYS = 4;

/** A clock fixed at an instant: the demo's past loan runs through the real functions at the times it happened. */
function clockAt(ms: number): Clock {
  return { mode: 'simulated', now: () => new Date(ms), nowMs: () => ms };
}

/** Runs a money command's check and unit the way the pipeline does, under a seed key. */
async function runCommand<T>(ctx: AppContext, userId: number, key: string, command: MoneyUnit<T>): Promise<T> {
  await command.check?.();
  return ctx.database.transaction((trx) => command.unit(trx, new AfterCommit(), { userId, key, requestHash: key }));
}

/**
 * Loans: the demo investor's loan of 2,000.00 for 30 days, applied for and passed by the demo operator
 * {@link DEMO_LOAN_DAYS} days before the seed, its interest accrued day by day by the interest job's
 * function, then repaid in full with the trading password — each step through the loans service at
 * the time it happened. A second verified investor's application of 1,500.00 waits in the queue.
 */
async function seedLoans(ctx: AppContext, tradingPassword: string): Promise<void> {
  const db = ctx.database.db;
  const operator = await db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('username', '=', DEMO_OPERATOR)
    .executeTakeFirstOrThrow();
  const act = { operator: { operatorId: Number(operator.id), username: operator.username }, ip: null };
  const investor = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', DEMO_INVESTOR_PHONE)
    .executeTakeFirstOrThrow();
  const userId = Number(investor.id);
  const nowMs = ctx.clock.nowMs();
  // Passed at 10:00 (exchange time) DEMO_LOAN_DAYS + 1 days ago, repaid at 10:00 yesterday: that many days of interest.
  const today = ctx.calendar.tradingDate(nowMs);
  const passedAt = ctx.calendar.localTime(addDays(today, -(DEMO_LOAN_DAYS + 1)), 10 * 60);
  const repaidAt = ctx.calendar.localTime(addDays(today, -1), 10 * 60);
  const past = { ...ctx, clock: clockAt(passedAt) };
  const loan = await runCommand(
    past,
    userId,
    'demo-seed-loan',
    applyForLoan(past, { userId, amount: '2000.00', termDays: 30, purpose: 'Kitchen renovation' }),
  );
  await ctx.database.transaction((trx) => decideLoan(past, trx, { ...act, loanId: loan.id, decision: 'pass' }));
  // Each day's end as the interest job sees it, up to the repayment.
  await ctx.database.transaction((trx) => accrueLoan({ ...ctx, clock: clockAt(repaidAt) }, trx, loan.id, repaidAt));
  const then = { ...ctx, clock: clockAt(repaidAt) };
  const owed = await db
    .selectFrom('loans')
    .select(['principalOutstandingMinor', 'interestOutstandingMinor'])
    .where('id', '=', loan.id)
    .executeTakeFirstOrThrow();
  const owedMinor = Number(owed.principalOutstandingMinor) + Number(owed.interestOutstandingMinor);
  await runCommand(
    then,
    userId,
    'demo-seed-loan-repayment',
    repayLoan(then, { userId, loanId: loan.id, amount: formatMinor(owedMinor), tradingPassword }),
  );

  // The second investor: verified the way the first was, then applying today.
  const borrowerHash = await hashPassword(demoPassword());
  const borrower = await ctx.database.transaction(async (trx) => {
    const invite = await createInvitation(trx, {
      note: 'demo borrower',
      maxUses: 1,
      operatorId: Number(operator.id),
      nowMs,
    });
    await trx.updateTable('invitations').set({ uses: 1 }).where('code', '=', invite.code).execute();
    return trx
      .insertInto('users')
      .values({
        phone: DEMO_BORROWER_PHONE,
        passwordHash: borrowerHash,
        nickname: 'Demo Borrower',
        avatar: null,
        email: null,
        lang: DEFAULT_LANGUAGE,
        tradingPasswordHash: null,
        inviteCode: invite.code,
        createdAt: nowMs,
        updatedAt: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  const borrowerId = Number(borrower.id);
  await submitVerification(ctx, borrowerId, {
    fields: { realName: DEMO_BORROWER_NAME, idNumber: 'T22000129', docType: 'id_card' },
    front: await demoDocument(60),
    back: await demoDocument(110),
  });
  await ctx.database.transaction(async (trx) => {
    await approveSubmission(trx, { userId: borrowerId, operatorId: Number(operator.id), nowMs });
    await appendAudit(trx, {
      operatorId: Number(operator.id),
      operatorUsername: DEMO_OPERATOR,
      action: 'kyc.approve',
      target: String(borrowerId),
      details: { seed: true },
      ip: null,
      atMs: nowMs,
    });
  });
  await runCommand(
    ctx,
    borrowerId,
    'demo-seed-pending-loan',
    applyForLoan(ctx, { userId: borrowerId, amount: DEMO_PENDING_LOAN, termDays: 90, purpose: 'Used car' }),
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
  const startDate = addDays(today, -DEMO_FUND_DAYS_AGO);
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
