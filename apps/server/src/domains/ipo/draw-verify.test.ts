import { createHash } from 'node:crypto';
import type { IpoDraw } from '@bourse/shared/schemas/ipo';
import { describe, expect, it } from 'vitest';
import { DRAW_ALGORITHM, drawAllotments, seedHash } from './draw.ts';
import { describeVerification, verifyDraw } from './draw-verify.ts';

const SEED = createHash('sha256').update('draw-verify test seed').digest('hex');
const OTHER_SEED = createHash('sha256').update('another seed').digest('hex');
const LIST = [
  { subscriptionId: 3, lots: 4 },
  { subscriptionId: 8, lots: 1 },
  { subscriptionId: 9, lots: 10 },
  { subscriptionId: 14, lots: 2 },
  { subscriptionId: 20, lots: 7 },
  { subscriptionId: 21, lots: 6 },
]; // 30 lots applied

/** A draw as the API would publish it after drawing `publicLots` with `seed`. */
function publishedDraw(publicLots: number, seed = SEED): IpoDraw {
  const allotted = drawAllotments({ seedHex: seed, publicLots, entries: LIST });
  return {
    issueId: 7,
    status: 'allocated',
    algorithm: DRAW_ALGORITHM,
    seedHash: seedHash(seed),
    seed,
    publicLots,
    appliedLots: 30,
    oversubscribed: 30 > publicLots,
    entries: LIST.map((entry) => ({ ...entry, allotted: allotted.get(entry.subscriptionId) ?? 0 })),
    drawnAt: '2026-11-20T09:00:00.000Z',
  };
}

function mismatch(draw: IpoDraw) {
  const verification = verifyDraw(draw);
  if (verification.outcome !== 'mismatch') throw new Error(`expected a mismatch, got ${verification.outcome}`);
  return verification;
}

describe('verifyDraw', () => {
  it('confirms a genuine oversubscribed draw', () => {
    const draw = publishedDraw(12);
    expect(verifyDraw(draw)).toEqual({ outcome: 'match', subscriptions: 6, appliedLots: 30, allottedLots: 12 });
    const report = describeVerification(draw, verifyDraw(draw));
    expect(report).toContain('all 6 allotments (12 lots) match the published ones');
    expect(report.endsWith('MATCH')).toBe(true);
  });

  it('confirms a genuine undersubscribed draw (everyone in full)', () => {
    const draw = publishedDraw(30);
    expect(draw.entries.every((entry) => entry.allotted === entry.lots)).toBe(true);
    expect(verifyDraw(draw)).toEqual({ outcome: 'match', subscriptions: 6, appliedLots: 30, allottedLots: 30 });
    expect(describeVerification(draw, verifyDraw(draw))).toContain('(everyone allotted in full)');
  });

  it('names each subscription whose published allotment was tampered with', () => {
    const draw = publishedDraw(12);
    // Move one lot from one subscription to another: the total still adds up to the public lots.
    const from = draw.entries.findIndex((entry) => entry.allotted! > 0);
    const to = draw.entries.findIndex((entry, i) => i !== from && entry.allotted! < entry.lots);
    const tampered = {
      ...draw,
      entries: draw.entries.map((entry, i) => ({
        ...entry,
        allotted: entry.allotted! + (i === to ? 1 : 0) - (i === from ? 1 : 0),
      })),
    };
    const verification = mismatch(tampered);
    expect(verification.problems).toEqual([]);
    const changed = [draw.entries[from]!, draw.entries[to]!].sort((a, b) => a.subscriptionId - b.subscriptionId);
    expect(verification.differences).toEqual(
      changed.map((entry) => ({
        subscriptionId: entry.subscriptionId,
        lots: entry.lots,
        published: tampered.entries.find((e) => e.subscriptionId === entry.subscriptionId)!.allotted,
        recomputed: entry.allotted,
      })),
    );
    const report = describeVerification(tampered, verification);
    expect(report).toContain('- 2 of 6 subscriptions differ from the recomputed draw:');
    const entry = draw.entries[from]!;
    expect(report).toContain(
      `subscription ${entry.subscriptionId}: applied ${entry.lots}, published ${entry.allotted! - 1}, recomputed ${entry.allotted}`,
    );
    expect(report.endsWith('MISMATCH')).toBe(true);
  });

  it('refuses allotments drawn with another seed than the published one', () => {
    // The operator committed to SEED and published it, but the allotments came from another seed.
    const genuine = publishedDraw(12);
    const other = publishedDraw(12, OTHER_SEED);
    const wrong = { ...genuine, entries: other.entries };
    const verification = mismatch(wrong);
    expect(verification.problems).toEqual([]);
    expect(verification.differences.length).toBeGreaterThan(0);
    const expected = genuine.entries.flatMap((entry, i) => {
      const published = other.entries[i]!.allotted;
      return published === entry.allotted
        ? []
        : [{ subscriptionId: entry.subscriptionId, lots: entry.lots, published, recomputed: entry.allotted }];
    });
    expect(verification.differences).toEqual(expected);
  });

  it('refuses a seed that does not match the hash published at opening', () => {
    // Allotments consistent with the published seed, but that seed is not the one committed to.
    const draw = { ...publishedDraw(12, OTHER_SEED), seedHash: seedHash(SEED) };
    const verification = mismatch(draw);
    expect(verification.problems).toEqual([
      `SHA-256 of the published seed is ${seedHash(OTHER_SEED)}, but the hash published when the issue opened is ${seedHash(SEED)}`,
    ]);
    expect(verification.differences).toEqual([]);
    expect(describeVerification(draw, verification)).toContain(
      `- SHA-256 of the published seed is ${seedHash(OTHER_SEED)}`,
    );
  });

  it('refuses a draw without a published hash or with a seed that is not 32 bytes of hex', () => {
    expect(mismatch({ ...publishedDraw(12), seedHash: null }).problems).toEqual([
      'no seed hash is published, so the seed cannot be checked against the commitment made at opening',
    ]);
    expect(mismatch({ ...publishedDraw(12), seed: SEED.toUpperCase() }).problems).toEqual([
      `the published seed "${SEED.toUpperCase()}" is not 32 bytes written as 64 lowercase hex digits`,
      'the allotments could not be recomputed',
    ]);
  });

  it('refuses an algorithm it does not know, without guessing', () => {
    const draw = { ...publishedDraw(12), algorithm: 'bourse-draw-v2' };
    expect(mismatch(draw).problems).toEqual([
      'the draw names the algorithm "bourse-draw-v2", which this verifier does not know (it knows bourse-draw-v1)',
      'the allotments could not be recomputed',
    ]);
  });

  it('refuses a list whose totals or order contradict the draw', () => {
    const draw = publishedDraw(12);
    expect(mismatch({ ...draw, appliedLots: 31 }).problems).toEqual([
      'the list adds up to 30 lots applied, but the draw says 31',
    ]);
    expect(mismatch({ ...draw, oversubscribed: false }).problems).toEqual([
      'the draw says it was not oversubscribed, but 30 lots were applied for 12 public lots',
    ]);
    const reversed = mismatch({ ...draw, entries: [...draw.entries].reverse() });
    expect(reversed.problems).toEqual(['the list is not in ascending subscription id order at subscription 20']);
    // Recomputed over the list in id order, the allotments themselves still match.
    expect(reversed.differences).toEqual([]);
    const twice = mismatch({ ...draw, entries: [...draw.entries, { subscriptionId: 21, lots: 1, allotted: 0 }] });
    expect(twice.problems).toEqual([
      'subscription 21 is listed more than once',
      'the list adds up to 31 lots applied, but the draw says 30',
      'the allotments could not be recomputed',
    ]);
  });

  it('says a draw is not published before the seed is revealed, or when the issue was cancelled', () => {
    const open = { ...publishedDraw(12), status: 'open' as const, seed: null, drawnAt: null };
    const waiting = verifyDraw({ ...open, entries: open.entries.map((entry) => ({ ...entry, allotted: null })) });
    expect(waiting).toEqual({
      outcome: 'not_published',
      reason: 'the draw of issue 7 is not published yet (status open): the seed is revealed at the allocation time',
    });
    expect(verifyDraw({ ...open, status: 'cancelled' })).toEqual({
      outcome: 'not_published',
      reason: 'issue 7 was cancelled before its draw: there is nothing to re-check',
    });
    expect(describeVerification(open, waiting)).toContain('NOT PUBLISHED: the draw of issue 7 is not published yet');
  });
});
