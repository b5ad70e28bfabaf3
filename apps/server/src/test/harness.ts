import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encryptCredentials } from '@bourse/shared/jwe';
import type { OperatorRole } from '@bourse/shared/schemas/admin';
import { generate as generateTotp } from 'otplib';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { createOperator } from '../domains/admin/operators.service.ts';
import { createInvitation } from '../domains/invitations/invitations.service.ts';
import { closeContext, createContext } from '../bootstrap.ts';
import { SimulatedClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import type { AppContext } from '../platform/context.ts';
import { openPostgres, openSqlite, type Dialect } from '../platform/db/database.ts';

/**
 * Every database test runs once per dialect: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Under CI the PostgreSQL suite is required, never silently skipped.
 */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must run in CI');
}

// One RSA key per test process: generating 2048-bit keys per app would dominate the run time.
const TEST_KEY_PEM = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/**
 * The instant every test app's simulated clock starts at (frozen there until a test advances it). The
 * system clock is some other date: whatever a test checks must be built on the app's clock
 * (`t.ctx.clock`), never on `Date.now()`. `npm run test:later-date` runs the server suite with the system
 * clock a year ahead to prove it.
 */
export const HARNESS_START = new Date('2026-11-23T09:00:00Z');

export interface TestApp {
  app: App;
  ctx: AppContext;
  clock: SimulatedClock;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Stops this app and starts a new one on the same database and data folder, configured with `env`
   * instead of the environment it had (a deploy, a key rotation); its clock continues where this
   * one stood. Use the returned app from then on; closing it cleans up both.
   */
  restart(env?: Record<string, string>, options?: BuildOptions): Promise<TestApp>;
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bourse-test-'));
  let schema: string | undefined;
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres dialect');
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const openDatabase = () =>
    schema
      ? openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 5 })
      : openSqlite(path.join(dataDir, 'test.sqlite'));
  const removeAll = async () => {
    if (schema) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  async function start(env: Record<string, string>, options: BuildOptions, startAtMs: number): Promise<TestApp> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      CLOCK_MODE: 'simulated',
      LOG_LEVEL: 'silent',
      JWE_PRIVATE_KEY: TEST_KEY_PEM,
      ...env,
    });
    const clock = new SimulatedClock({ startAt: new Date(startAtMs), frozen: true });
    const ctx = await createContext(config, { database: openDatabase(), clock });
    const app = await buildApp(ctx, { logger: false, ...options });
    await app.ready();
    const stop = async () => {
      await app.close();
      await closeContext(ctx);
    };
    return {
      app,
      ctx,
      clock,
      dialect,
      async close() {
        await stop();
        await removeAll();
      },
      async restart(nextEnv = {}, nextOptions = {}) {
        await stop();
        return start(nextEnv, nextOptions, clock.nowMs());
      },
    };
  }

  try {
    return await start(env, options, HARNESS_START.getTime());
  } catch (error) {
    await removeAll();
    throw error;
  }
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  error?: string;
  data: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely, schemas check them elsewhere
export function body<T = any>(response: { body: string }): Envelope<T> {
  return JSON.parse(response.body) as Envelope<T>;
}

/** Encrypts a payload for login/register the way the web client does, at the app's clock. */
export async function seal(t: TestApp, payload: Record<string, unknown>, nowMs = t.ctx.clock.nowMs()): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/publicKey' });
  const { jwk, kid } = body<{ jwk: Record<string, string>; kid: string }>(res).data;
  return encryptCredentials(jwk, payload, { kid, nowMs });
}

export async function newInvite(t: TestApp, maxUses?: number): Promise<string> {
  return t.ctx.database.transaction(async (trx) => {
    const inv = await createInvitation(trx, { maxUses, operatorId: null, nowMs: t.ctx.clock.nowMs() });
    return inv.code;
  });
}

let phoneCounter = 0;
/** A valid German mobile number, different on every call within a process. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `+49151${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

export const GOOD_PASSWORD = 'Secret123';

export async function register(
  t: TestApp,
  fields: Partial<{
    phone: string;
    password: string;
    confirmPassword: string;
    inviteCode: string;
    agree: boolean;
  }> = {},
  headers: Record<string, string> = {},
) {
  const phone = fields.phone ?? nextPhone();
  const inviteCode = fields.inviteCode ?? (await newInvite(t));
  const password = fields.password ?? GOOD_PASSWORD;
  const query = await seal(t, {
    phone,
    password,
    confirmPassword: fields.confirmPassword ?? password,
    inviteCode,
    agree: fields.agree ?? true,
  });
  const response = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: { query }, headers });
  return { response, phone, password, inviteCode };
}

export async function login(t: TestApp, username: string, password: string, headers: Record<string, string> = {}) {
  const query = await seal(t, { username, password });
  return t.app.inject({ method: 'POST', url: '/api/user/login', payload: { query }, headers });
}

/** Registers and logs in a fresh investor; returns the session token. */
export async function investor(t: TestApp): Promise<{ token: string; phone: string; password: string }> {
  const { response, phone, password } = await register(t);
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  const res = await login(t, phone, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { token: body<{ userinfo: { token: string } }>(res).data.userinfo.token, phone, password };
}

export async function totpNow(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  return generateTotp({ secret, epoch: Math.floor(t.ctx.clock.nowMs() / 1000) + offsetSeconds });
}

/** Creates an operator with the given roles and signs them in; returns the token and credentials. */
export async function operator(t: TestApp, roles: OperatorRole[], username = `op_${randomBytes(4).toString('hex')}`) {
  const password = 'Operator123';
  const { totpSecret } = await createOperator(t.ctx.database.db, {
    username,
    password,
    roles,
    nowMs: t.ctx.clock.nowMs(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password, totp: await totpNow(t, totpSecret) },
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
  return { token: body<{ token: string }>(res).data.token, username, password, totpSecret };
}

export async function countRows(t: TestApp, table: 'users' | 'sessions' | 'invitations' | 'outbox' | 'auditLog') {
  const row = await t.ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A multipart/form-data body, built by hand the way a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { filename: string; contentType: string; data: Buffer }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bourse${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real JPEG, made with sharp. */
export async function jpegImage(width = 64, height = 40): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
}

/** A new investor whose identity submission (under the given real name) waits in review. */
export async function investorInReview(t: TestApp, realName: string) {
  const user = await investor(t);
  const image = await jpegImage();
  const form = multipartBody(
    { realName, idNumber: 'L01X00T47', docType: 'id_card' },
    {
      front: { filename: 'front.jpg', contentType: 'image/jpeg', data: image },
      back: { filename: 'back.jpg', contentType: 'image/jpeg', data: image },
    },
  );
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/user/authentication',
    headers: { token: user.token, ...form.headers },
    payload: form.payload,
  });
  if (submitted.statusCode !== 200) throw new Error(`KYC submission failed: ${submitted.body}`);
  const info = body<{ id: number }>(
    await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: user.token } }),
  );
  return { ...user, userId: info.data.id };
}

/** An investor whose identity a compliance operator has approved, under the given real name. */
export async function verifiedInvestor(t: TestApp, realName: string) {
  const user = await investorInReview(t, realName);
  const compliance = await operator(t, ['compliance']);
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/kyc/${user.userId}/approve`,
    headers: { token: compliance.token },
  });
  if (approved.statusCode !== 200) throw new Error(`KYC approval failed: ${approved.body}`);
  return user;
}
