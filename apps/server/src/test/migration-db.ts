import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../platform/db/database.ts';

/**
 * For migration tests: an empty database of the dialect (a temporary SQLite file, or a PostgreSQL
 * schema of its own under `TEST_DATABASE_URL`), closed and removed by `drop`.
 */
export async function emptyDatabase(dialect: Dialect): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bourse-migration-'));
    const handle = openSqlite(path.join(dir, 'x.sqlite'));
    return {
      handle,
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const handle = openPostgres(url, { schema, max: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin(`drop schema ${schema} cascade`);
    },
  };
}

/** A bare users row, as every migration since 0001 accepts it; returns its id. */
export async function migrationUser(handle: DatabaseHandle, phone: string, nowMs: number): Promise<number> {
  const row = await handle.db
    .insertInto('users')
    .values({
      phone,
      passwordHash: 'x',
      nickname: phone,
      avatar: null,
      email: null,
      lang: 'de',
      tradingPasswordHash: null,
      inviteCode: 'TEST',
      createdAt: nowMs,
      updatedAt: nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
