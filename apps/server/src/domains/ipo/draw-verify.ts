import type { IpoDraw } from '@bourse/shared/schemas/ipo';
import { DRAW_ALGORITHM, drawAllotments, isSeedHex, seedHash } from './draw.ts';

/**
 * Re-checking a published draw (`npm run ipo:verify`): from nothing but what `GET /api/ipo/:id/draw`
 * publishes, confirm the seed is the one committed to when the issue opened and that the draw's
 * algorithm, run again here, gives exactly the published allotments. Pure: the caller fetches.
 */

/** The algorithms this verifier can run again; a published draw naming another one cannot be re-checked. */
export const KNOWN_ALGORITHMS: readonly string[] = [DRAW_ALGORITHM];

export interface AllotmentDifference {
  subscriptionId: number;
  lots: number;
  published: number | null;
  recomputed: number;
}

export type DrawVerification =
  /** Nothing to re-check yet: the seed is revealed at the allocation time. */
  | { outcome: 'not_published'; reason: string }
  | { outcome: 'mismatch'; problems: string[]; differences: AllotmentDifference[] }
  | { outcome: 'match'; subscriptions: number; appliedLots: number; allottedLots: number };

/** How many differing subscriptions the report lists one by one before summing up the rest. */
const DIFFERENCES_LISTED = 20;

/** Every check of a published draw; `match` only when every one passes. */
export function verifyDraw(draw: IpoDraw): DrawVerification {
  if (draw.seed === null) {
    const reason =
      draw.status === 'cancelled'
        ? `issue ${draw.issueId} was cancelled before its draw: there is nothing to re-check`
        : `the draw of issue ${draw.issueId} is not published yet (status ${draw.status}): the seed is revealed at the allocation time`;
    return { outcome: 'not_published', reason };
  }
  const problems: string[] = [];
  let canRecompute = true;

  if (!KNOWN_ALGORITHMS.includes(draw.algorithm)) {
    problems.push(
      `the draw names the algorithm "${draw.algorithm}", which this verifier does not know (it knows ${KNOWN_ALGORITHMS.join(', ')})`,
    );
    canRecompute = false;
  }

  if (!isSeedHex(draw.seed)) {
    problems.push(`the published seed "${draw.seed}" is not 32 bytes written as 64 lowercase hex digits`);
    canRecompute = false;
  } else if (draw.seedHash === null) {
    problems.push('no seed hash is published, so the seed cannot be checked against the commitment made at opening');
  } else {
    const hash = seedHash(draw.seed);
    if (hash !== draw.seedHash) {
      problems.push(
        `SHA-256 of the published seed is ${hash}, but the hash published when the issue opened is ${draw.seedHash}`,
      );
    }
  }

  let appliedLots = 0;
  let previousId = Number.NEGATIVE_INFINITY;
  let ordered = true;
  const seen = new Set<number>();
  for (const entry of draw.entries) {
    if (seen.has(entry.subscriptionId)) {
      problems.push(`subscription ${entry.subscriptionId} is listed more than once`);
      canRecompute = false;
    } else if (ordered && entry.subscriptionId < previousId) {
      problems.push(`the list is not in ascending subscription id order at subscription ${entry.subscriptionId}`);
      ordered = false;
    }
    seen.add(entry.subscriptionId);
    previousId = entry.subscriptionId;
    if (entry.lots < 1) {
      problems.push(`subscription ${entry.subscriptionId} is listed with ${entry.lots} lots applied`);
      canRecompute = false;
    }
    appliedLots += entry.lots;
  }
  if (appliedLots !== draw.appliedLots) {
    problems.push(`the list adds up to ${appliedLots} lots applied, but the draw says ${draw.appliedLots}`);
  }
  if (draw.oversubscribed !== appliedLots > draw.publicLots) {
    problems.push(
      `the draw says it was ${draw.oversubscribed ? '' : 'not '}oversubscribed, but ${appliedLots} lots were applied for ${draw.publicLots} public lots`,
    );
  }

  const differences: AllotmentDifference[] = [];
  let allottedLots = 0;
  if (canRecompute) {
    const recomputed = drawAllotments({ seedHex: draw.seed, publicLots: draw.publicLots, entries: draw.entries });
    for (const entry of draw.entries) {
      const expected = recomputed.get(entry.subscriptionId) ?? 0;
      allottedLots += expected;
      if (entry.allotted !== expected) {
        differences.push({
          subscriptionId: entry.subscriptionId,
          lots: entry.lots,
          published: entry.allotted,
          recomputed: expected,
        });
      }
    }
  } else {
    problems.push('the allotments could not be recomputed');
  }

  if (problems.length > 0 || differences.length > 0) return { outcome: 'mismatch', problems, differences };
  return { outcome: 'match', subscriptions: draw.entries.length, appliedLots, allottedLots };
}

/** The verifier's report for a person: what was checked and, on a mismatch, exactly what differs. */
export function describeVerification(draw: IpoDraw, verification: DrawVerification): string {
  const lines = [`IPO draw of issue ${draw.issueId} (status ${draw.status}), algorithm ${draw.algorithm}`];
  if (verification.outcome === 'not_published') {
    lines.push(`Seed hash:   ${draw.seedHash ?? '(not published)'}`, `NOT PUBLISHED: ${verification.reason}.`);
    return lines.join('\n');
  }
  lines.push(
    `Seed hash:   ${draw.seedHash ?? '(not published)'}`,
    `Seed:        ${draw.seed}`,
    `Public lots: ${draw.publicLots}; ${draw.entries.length} subscriptions applied for ${draw.appliedLots} lots` +
      (draw.oversubscribed ? ' (oversubscribed: drawn)' : ' (everyone allotted in full)'),
  );
  if (verification.outcome === 'match') {
    lines.push(
      `SHA-256 of the seed matches the hash published at opening.`,
      `Recomputed with ${draw.algorithm}: all ${verification.subscriptions} allotments (${verification.allottedLots} lots) match the published ones.`,
      'MATCH',
    );
    return lines.join('\n');
  }
  for (const problem of verification.problems) lines.push(`- ${problem}`);
  const { differences } = verification;
  if (differences.length > 0) {
    lines.push(`- ${differences.length} of ${draw.entries.length} subscriptions differ from the recomputed draw:`);
    for (const difference of differences.slice(0, DIFFERENCES_LISTED)) {
      lines.push(
        `    subscription ${difference.subscriptionId}: applied ${difference.lots}, published ${difference.published ?? 'none'}, recomputed ${difference.recomputed}`,
      );
    }
    if (differences.length > DIFFERENCES_LISTED)
      lines.push(`    … and ${differences.length - DIFFERENCES_LISTED} more`);
  }
  lines.push('MISMATCH');
  return lines.join('\n');
}
