import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IpoDraw } from '@bourse/shared/schemas/ipo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';
import { DRAW_ALGORITHM, drawAllotments, seedHash } from './draw.ts';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run ipo:verify -- …` as anyone re-checking a draw would. */
function ipoVerify(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'ipo:verify', '--', ...args], { cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const SEED = createHash('sha256').update('ipo:verify end to end').digest('hex');
const ENTRIES = Array.from({ length: 40 }, (_, i) => ({ subscriptionId: 100 + 3 * i, lots: 1 + (i % 4) })); // 100 lots
const allotted = drawAllotments({ seedHex: SEED, publicLots: 25, entries: ENTRIES });

const genuine: IpoDraw = {
  issueId: 5,
  status: 'allocated',
  algorithm: DRAW_ALGORITHM,
  seedHash: seedHash(SEED),
  seed: SEED,
  publicLots: 25,
  appliedLots: 100,
  oversubscribed: true,
  entries: ENTRIES.map((entry) => ({ ...entry, allotted: allotted.get(entry.subscriptionId) ?? 0 })),
  drawnAt: '2026-11-20T09:00:00.000Z',
};
const winner = genuine.entries.find((entry) => entry.allotted! > 0)!;

/** The fabricated API: issue 5 drawn, issue 6 with one allotment changed, issue 7 still open, else 404. */
const DRAWS: Record<string, IpoDraw> = {
  '5': genuine,
  '6': {
    ...genuine,
    issueId: 6,
    entries: genuine.entries.map((entry) => (entry === winner ? { ...entry, allotted: entry.allotted! - 1 } : entry)),
  },
  '7': {
    ...genuine,
    issueId: 7,
    status: 'open',
    seed: null,
    drawnAt: null,
    entries: genuine.entries.map((entry) => ({ ...entry, allotted: null })),
  },
};

describe('npm run ipo:verify', () => {
  let server: Server;
  let url: string;
  const requested: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const id = /^\/api\/ipo\/(\d+)\/draw$/.exec(request.url ?? '')?.[1];
      const draw = id === undefined ? undefined : DRAWS[id];
      response.setHeader('content-type', 'application/json');
      if (draw === undefined) {
        response.statusCode = 404;
        response.end(
          JSON.stringify({ code: 404, error: 'IPO_NOT_FOUND', msg: 'Neuemission nicht gefunden', data: null }),
        );
        return;
      }
      response.end(JSON.stringify({ code: 1, msg: 'ok', data: draw }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('re-checks a genuine draw from what the API publishes and exits 0', async () => {
    const run = await ipoVerify(['5', '--url', `${url}/`]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Seed:        ${SEED}`);
    expect(run.stdout).toContain('all 40 allotments (25 lots) match the published ones');
    expect(run.stdout.trim().endsWith('MATCH')).toBe(true);
    expect(run.status).toBe(0);
    expect(requested.at(-1)).toBe('/api/ipo/5/draw');
  });

  it('names the subscription whose allotment differs and exits 1', async () => {
    const run = await ipoVerify(['6', `--url=${url}`]);
    expect(run.stdout).toContain('- 1 of 40 subscriptions differ from the recomputed draw:');
    expect(run.stdout).toContain(
      `subscription ${winner.subscriptionId}: applied ${winner.lots}, published ${winner.allotted! - 1}, recomputed ${winner.allotted}`,
    );
    expect(run.stdout.trim().endsWith('MISMATCH')).toBe(true);
    expect(run.status).toBe(1);
  });

  it('exits 2 when the draw is not published yet, the issue is unknown, the server is away or the usage is wrong', async () => {
    const waiting = await ipoVerify(['7', '--url', url]);
    expect(waiting.stdout).toContain('NOT PUBLISHED: the draw of issue 7 is not published yet (status open)');
    expect(waiting.status).toBe(2);

    const unknown = await ipoVerify(['99', '--url', url]);
    expect(unknown.stderr).toContain(`${url}/api/ipo/99/draw answered 404: Neuemission nicht gefunden`);
    expect(unknown.status).toBe(2);

    // A port nobody listens on: one opened and closed again at once.
    const away = createServer();
    await new Promise<void>((resolve) => away.listen(0, '127.0.0.1', resolve));
    const awayUrl = `http://127.0.0.1:${(away.address() as AddressInfo).port}`;
    await new Promise((resolve) => away.close(resolve));
    const refused = await ipoVerify(['5', '--url', awayUrl]);
    expect(refused.stderr).toContain(`could not read ${awayUrl}/api/ipo/5/draw`);
    expect(refused.status).toBe(2);

    const usage = await ipoVerify(['five']);
    expect(usage.stderr).toContain('"five" is not an issue id');
    expect(usage.stderr).toContain('usage: npm run ipo:verify -- <issueId> [--url http://localhost:3000]');
    expect(usage.status).toBe(2);
  });
});
