import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { startServer, type DemoCredentials } from './server.ts';

/** Adds single-use invitation codes to the demo database (test fixtures, written beside the running server). */
function addFixtureInvitations(file: string, count: number): string[] {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare(
      "insert into invitations (code, note, max_uses, uses, status, created_at) values (?, 'e2e fixture', 1, 0, 'active', ?)",
    );
    return Array.from({ length: count }, () => {
      const code = Array.from(randomBytes(14), (b) => alphabet[b & 31]).join('');
      insert.run(code, Date.now());
      return code;
    });
  } finally {
    db.close();
  }
}

export interface E2eContext {
  baseUrl: string;
  dataDir: string;
  chromium: string | null;
  /** Unused single-use invitation codes for journeys that need an account of their own. */
  fixtureInviteCodes: string[];
  credentials: DemoCredentials;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/** Starts the real server (built apps, fresh SQLite demo, simulated clock) for the browser journeys. */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  if (!chromium && process.env.CI === 'true')
    throw new Error('CI=true but Chromium is missing: the browser suite must run');
  const { baseUrl, dataDir, credentials, stop } = await startServer();
  const fixtureInviteCodes = addFixtureInvitations(path.join(dataDir, 'bourse.sqlite'), 3);
  project.provide('e2e', { baseUrl, dataDir, chromium, credentials, fixtureInviteCodes });

  return stop;
}
