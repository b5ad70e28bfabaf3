import path from 'node:path';
import { encryptCredentials } from '@bourse/shared/jwe';
import type { OperatorRole } from '@bourse/shared/schemas/admin';
import { generate as generateTotp } from 'otplib';
import { expect } from 'vitest';
import { createInvitation } from '../apps/server/src/domains/invitations/invitations.service.ts';
import { createOperator } from '../apps/server/src/domains/admin/operators.service.ts';
import { openSqlite } from '../apps/server/src/platform/db/database.ts';

/** Registers an investor through the public API, encrypting the payload the way the web app does. */
export async function registerThroughApi(
  baseUrl: string,
  fields: { phone: string; password: string; inviteCode: string },
): Promise<{ status: number; body: { error?: string } }> {
  const keyRes = await fetch(`${baseUrl}/api/user/publicKey`);
  const { data } = (await keyRes.json()) as { data: { jwk: Record<string, string>; kid: string } };
  const query = await encryptCredentials(
    data.jwk,
    { ...fields, confirmPassword: fields.password, agree: true },
    { kid: data.kid },
  );
  const res = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

/**
 * A TOTP code for the server's clock: `clockOffsetMs` is how far the journey has moved the sandbox
 * clock ahead of real time (the server checks codes against its own clock).
 */
export function totpCode(secret: string, clockOffsetMs = 0): Promise<string> {
  return generateTotp({ secret, epoch: Math.floor((Date.now() + clockOffsetMs) / 1000) });
}

/** Creates an operator of the calling journey's own in the e2e database: its name, password and TOTP secret. */
export async function createOperatorAccount(
  e2e: { dataDir: string },
  username: string,
  roles: OperatorRole[],
): Promise<{ username: string; password: string; totpSecret: string }> {
  const password = 'Operator2026';
  const handle = openSqlite(path.join(e2e.dataDir, 'bourse.sqlite'));
  try {
    const { totpSecret } = await createOperator(handle.db, { username, password, roles, nowMs: Date.now() });
    return { username, password, totpSecret };
  } finally {
    await handle.close();
  }
}

/**
 * Creates an operator of the calling journey's own in the e2e database and signs it in: TOTP steps
 * are single-use, so journeys running side by side must not share one.
 */
export async function operatorToken(
  e2e: { baseUrl: string; dataDir: string },
  username: string,
  roles: OperatorRole[],
  clockOffsetMs = 0,
): Promise<string> {
  const { password, totpSecret } = await createOperatorAccount(e2e, username, roles);
  const res = await fetch(`${e2e.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, totp: await totpCode(totpSecret, clockOffsetMs) }),
  });
  const body = (await res.json()) as { data?: { token: string } };
  if (res.status !== 200 || !body.data)
    throw new Error(`operator sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Calls the API as a journey's setup does: expects 200 and answers `data`. */
export async function apiCall<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { token } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
      'accept-language': 'de',
      ...headers,
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = (await res.json()) as { data: T; error?: string; msg?: string };
  expect(res.status, `${method} ${url}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/** Signs an investor in through the public API (the credentials encrypted as the web app does); the token. */
export async function logInThroughApi(baseUrl: string, username: string, password: string): Promise<string> {
  const key = await apiCall<{ jwk: Record<string, string>; kid: string }>(baseUrl, null, 'GET', '/api/user/publicKey');
  const query = await encryptCredentials(key.jwk, { username, password }, { kid: key.kid });
  const data = await apiCall<{ userinfo: { token: string } }>(baseUrl, null, 'POST', '/api/user/login', { query });
  return data.userinfo.token;
}

/** A single-use invitation of a journey's own, written beside the running server. */
export async function ownInvitation(e2e: { dataDir: string }, note: string): Promise<string> {
  const handle = openSqlite(path.join(e2e.dataDir, 'bourse.sqlite'));
  try {
    const invitation = await handle.db
      .transaction()
      .execute((trx) => createInvitation(trx, { note, maxUses: 1, operatorId: null, nowMs: Date.now() }));
    return invitation.code;
  } finally {
    await handle.close();
  }
}
