// `npm run ipo:verify -- <issueId> [--url http://localhost:3000]`: re-checks an IPO draw from what
// `GET /api/ipo/:id/draw` publishes (docs/architecture.md, "IPO draw (re-checkable)"): the seed against
// the hash published at opening, then the allotments recomputed with the named algorithm. Prints the
// report; exits 0 when everything matches, 1 on any mismatch, 2 on a usage or network error or when
// the draw is not published yet.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ipoDraw } from '@bourse/shared/schemas/ipo';
import { describeVerification, verifyDraw } from '../src/domains/ipo/draw-verify.ts';

const USAGE = 'usage: npm run ipo:verify -- <issueId> [--url http://localhost:3000]';
const TIMEOUT_MS = 30_000;

const published = z.object({ code: z.literal(1), data: ipoDraw });
const failure = z.object({ msg: z.string() });

class UsageError extends Error {}

function parseCommandLine(): { issueId: number; baseUrl: string } {
  let parsed;
  try {
    parsed = parseArgs({
      options: { url: { type: 'string', default: 'http://localhost:3000' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [id, ...rest] = parsed.positionals;
  if (id === undefined || rest.length > 0) throw new UsageError('name exactly one issue id');
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`"${id}" is not an issue id (a positive whole number)`);
  const baseUrl = parsed.values.url;
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new UsageError(`--url "${baseUrl}" is not an http(s) address`);
  }
  return { issueId: Number(id), baseUrl: baseUrl.replace(/\/+$/, '') };
}

async function main(): Promise<number> {
  let issueId: number;
  let baseUrl: string;
  try {
    ({ issueId, baseUrl } = parseCommandLine());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`ipo:verify: ${error.message}\n${USAGE}`);
    return 2;
  }
  const url = `${baseUrl}/api/ipo/${issueId}/draw`;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = await response.json();
  } catch (error) {
    const cause = (error as Error).cause;
    const detail = cause instanceof Error ? ` (${cause.message})` : '';
    console.error(`ipo:verify: could not read ${url}: ${(error as Error).message}${detail}`);
    return 2;
  }
  if (!response.ok) {
    const answer = failure.safeParse(body);
    console.error(`ipo:verify: ${url} answered ${response.status}${answer.success ? `: ${answer.data.msg}` : ''}`);
    return 2;
  }
  const answer = published.safeParse(body);
  if (!answer.success) {
    console.error(`ipo:verify: ${url} did not answer with a published draw:\n${z.prettifyError(answer.error)}`);
    return 2;
  }
  const draw = answer.data.data;
  const verification = verifyDraw(draw);
  console.log(describeVerification(draw, verification));
  if (verification.outcome === 'not_published') return 2;
  return verification.outcome === 'match' ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 2;
}
