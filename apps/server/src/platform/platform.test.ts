import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { parseServerTime, SERVER_TIME_HEADER } from '@bourse/shared/server-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  GOOD_PASSWORD,
  investor,
  login,
  nextPhone,
  operator,
  register,
  type TestApp,
} from '../test/harness.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openSqlite } from './db/database.ts';
import { MIGRATION_NAMES, migrateToLatest } from './db/migrate.ts';
import { loggerOptions } from './logger.ts';
import { DatabaseNonceStore, RedisNonceStore } from './nonce-store.ts';

describe('configuration', () => {
  it('parses defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.clockMode).toBe('simulated');
    expect(config.sqliteFile).toMatch(/data[\\/]bourse\.sqlite$/);
    expect(loadConfig({ NODE_ENV: 'production' }).clockMode).toBe('real');
  });

  it('stops with a list of every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CURRENCY: 'euro', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'CURRENCY', 'SEED_DEMO']) expect(problems).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(4);
  });
});

describe('SQLite setup', () => {
  it('runs with WAL, synchronous=FULL, foreign keys and a busy timeout; migrations are idempotent', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bourse-db-'));
    const handle = openSqlite(path.join(dir, 'x.sqlite'));
    try {
      expect(await migrateToLatest(handle)).toEqual(MIGRATION_NAMES);
      expect(MIGRATION_NAMES[0]).toBe('0001-foundation');
      expect(await migrateToLatest(handle)).toEqual([]);
      const { sql } = await import('kysely');
      const pragma = async (name: string): Promise<unknown> =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as Record<string, unknown>)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await handle.close();
    }
  });
});

describe('nonce stores', () => {
  it('the database store takes each nonce once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bourse-db-'));
    const handle = openSqlite(path.join(dir, 'x.sqlite'));
    await migrateToLatest(handle);
    const store = new DatabaseNonceStore(handle.db);
    expect(await store.claim('a'.repeat(32), 2_000)).toBe(true);
    expect(await store.claim('a'.repeat(32), 2_000)).toBe(false);
    expect(await store.claim('b'.repeat(32), 2_000)).toBe(true);
    await handle.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'the Redis store takes each nonce once and forgets it after its lifetime',
    async () => {
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      try {
        const store = new RedisNonceStore(redis, `bourse-test:${process.pid}:${Date.now()}:`);
        const now = Date.now();
        expect(await store.claim('n1', now + 200, now)).toBe(true);
        expect(await store.claim('n1', now + 200, now)).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await store.claim('n1', Date.now() + 200, Date.now())).toBe(true);
      } finally {
        await redis.quit();
      }
    },
  );
});

if (process.env.CI === 'true' && !process.env.TEST_REDIS_URL) {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis suite must run in CI');
}

describe('HTTP platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(body(res)).toMatchObject({ code: 1, data: { status: 'ok', db: 'sqlite' } });
  });

  it('sends a strict content security policy and the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stock/getconfig' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // On every answer, refusals and unknown paths included.
    for (const url of ['/api/no-such-route', '/api/user/info']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
      expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('stamps every API answer with the server clock’s now, which follows the sandbox clock when it moves', async () => {
    const stamp = (res: { headers: Record<string, unknown> }) =>
      parseServerTime(String(res.headers[SERVER_TIME_HEADER]));
    const start = t.clock.nowMs();
    // Successes, refusals and unknown paths alike.
    for (const url of ['/api/stock/getconfig', '/api/user/info', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(stamp(res), url).toBe(start);
    }
    const admin = await operator(t, ['admin']);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clock/advance',
      headers: { token: admin.token },
      payload: { ms: 3 * 86_400_000 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(stamp(moved)).toBe(start + 3 * 86_400_000);
    const after = await t.app.inject({ method: 'GET', url: '/api/stock/getconfig' });
    expect(stamp(after)).toBe(t.clock.nowMs());
    expect(stamp(after)).toBe(start + 3 * 86_400_000);
    // Only the API's answers: a non-API path carries no stamp.
    const outside = await t.app.inject({ method: 'GET', url: '/nothing-here' });
    expect(outside.headers[SERVER_TIME_HEADER]).toBeUndefined();
  });

  it('publishes OpenAPI at /api/docs with the fixed paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/user/login',
      '/api/user/register',
      '/api/user/publicKey',
      '/api/stock/getconfig',
      '/api/stock/kefu',
      '/api/admin/invitations',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 404, error: 'NOT_FOUND', msg: 'Not found', data: null });
  });

  it('refuses to start when an /api route does not say who may call it', async () => {
    const probe = await createTestApp('sqlite');
    try {
      expect(() => probe.app.get('/api/oops', async () => 'x')).toThrow(/config.auth/);
    } catch (error) {
      // Fastify refuses new routes once ready; either way the route never exists.
      expect(String(error)).toMatch(/config\.auth|already started|after/i);
    } finally {
      await probe.close();
    }
  });
});

describe('limits and logging', () => {
  it('limits login attempts per IP address', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_PER_IP_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(t, nextPhone(), 'Wrong1234')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await login(t, nextPhone(), 'Wrong1234', { lang: 'it' });
      expect(body(limited).error).toBe('RATE_LIMITED');
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.9.8.7',
        payload: { query: 'x' },
      });
      expect(other.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('never writes passwords, tokens, JWEs or TOTP codes to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp(
      'sqlite',
      { LOGIN_RATE_PER_IP_PER_MINUTE: '1000' },
      { logger: loggerOptions({ LOG_LEVEL: 'trace' }, stream) },
    );
    try {
      const { phone, token } = await investor(t);
      const reg = await register(t, { password: 'Logged123secret' });
      await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
      await login(t, phone, GOOD_PASSWORD);
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'x', password: 'Hidden999', totp: '123456' },
      });
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(1000);
      expect(log).toContain('[redacted]');
      for (const secret of [token, GOOD_PASSWORD, 'Logged123secret', 'Hidden999', reg.inviteCode])
        expect(log).not.toContain(secret);
      expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+/);
    } finally {
      await t.close();
    }
  });
});

describe('static apps', () => {
  it('serves the web app at / and the console at /admin/ with revalidation for the shell', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bourse-static-'));
    const web = path.join(root, 'web');
    const admin = path.join(root, 'admin');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(admin, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>web</title>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>admin</title>');
    const t = await createTestApp('sqlite', { WEB_DIST: web, ADMIN_DIST: admin }, { serveStatic: true });
    try {
      const home = await t.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain('<title>web</title>');
      expect(home.headers['cache-control']).toBe('no-cache');
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await t.app.inject({ method: 'GET', url: '/admin/' })).body).toContain('<title>admin</title>');
      expect((await t.app.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(302);
    } finally {
      await t.close();
    }
  });
});
