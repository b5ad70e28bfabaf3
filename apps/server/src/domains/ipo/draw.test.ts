import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DRAW_ALGORITHM,
  drawAllotments,
  drawWords,
  isSeedHex,
  newSeed,
  seedHash,
  uniformBelow,
  type DrawEntry,
} from './draw.ts';

/** A fixed seed per label, so every test here is the same on every run and every machine. */
function seedOf(label: string): string {
  return createHash('sha256').update(label).digest('hex');
}

function total(allotted: Map<number, number>): number {
  let sum = 0;
  for (const lots of allotted.values()) sum += lots;
  return sum;
}

/** Words from a list, for driving `uniformBelow` by hand. */
function wordsFrom(list: number[]): { next(): number; taken: number } {
  const words = {
    taken: 0,
    next() {
      const word = list[words.taken];
      if (word === undefined) throw new Error('out of words');
      words.taken += 1;
      return word;
    },
  };
  return words;
}

const ENTRIES: DrawEntry[] = [
  { subscriptionId: 101, lots: 1 },
  { subscriptionId: 102, lots: 5 },
  { subscriptionId: 103, lots: 2 },
  { subscriptionId: 107, lots: 30 },
  { subscriptionId: 110, lots: 1 },
  { subscriptionId: 111, lots: 8 },
  { subscriptionId: 115, lots: 3 },
  { subscriptionId: 120, lots: 12 },
  { subscriptionId: 121, lots: 1 },
  { subscriptionId: 130, lots: 50 },
]; // 113 lots applied

describe('the seed', () => {
  it('is 32 fresh random bytes as 64 lowercase hex digits', () => {
    const seeds = new Set(Array.from({ length: 20 }, () => newSeed()));
    expect(seeds.size).toBe(20);
    for (const seed of seeds) expect(isSeedHex(seed)).toBe(true);
  });

  it('is committed to by SHA-256 of its bytes (not of its hex text)', () => {
    const seed = `${'00'.repeat(31)}01`;
    expect(seedHash(seed)).toBe('ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5');
    expect(seedHash(seed)).toBe(
      createHash('sha256')
        .update(Buffer.from([...new Array(31).fill(0), 1]))
        .digest('hex'),
    );
  });

  it('is refused in any other spelling', () => {
    for (const bad of ['', 'ab'.repeat(31), 'ab'.repeat(33), 'AB'.repeat(32), `${'ab'.repeat(31)}zz`]) {
      expect(isSeedHex(bad)).toBe(false);
      expect(() => seedHash(bad)).toThrow('64 lowercase hex digits');
      expect(() => drawAllotments({ seedHex: bad, publicLots: 1, entries: ENTRIES })).toThrow('64 lowercase hex');
    }
  });
});

describe('the random words', () => {
  it('are HMAC-SHA256(seed, u64be(counter)) read as big-endian 64-bit words keeping the low 53 bits', () => {
    const words = drawWords(`${'00'.repeat(31)}01`);
    // Computed independently (Python: hmac.new(seed, counter.to_bytes(8, 'big'), sha256), & (2**53 - 1)).
    expect(Array.from({ length: 5 }, () => words.next())).toEqual([
      5642572663106317, 7353399371455531, 7350977060954905, 8839593301202464, 6000664646989516,
    ]);
  });

  it('give a uniform integer by rejecting the top 2^53 mod n words (no modulo bias)', () => {
    const top = 2 ** 53 - 1;
    // n = 3·2^51: 2^53 mod n = 2^51, so words from 3·2^51 up are rejected and the next word is used.
    const rejecting = wordsFrom([top, 3 * 2 ** 51, 3 * 2 ** 51 - 1]);
    expect(uniformBelow(rejecting, 3 * 2 ** 51)).toBe(3 * 2 ** 51 - 1);
    expect(rejecting.taken).toBe(3);
    // n = 3: 2^53 mod 3 = 2, so 2^53 − 2 and 2^53 − 1 are rejected; 2^53 − 3 is accepted ≡ 2 (mod 3).
    const small = wordsFrom([top, top - 1, top - 2]);
    expect(uniformBelow(small, 3)).toBe(Number((2n ** 53n - 3n) % 3n));
    expect(small.taken).toBe(3);
    // A power of two divides 2^53: nothing is rejected.
    const power = wordsFrom([top]);
    expect(uniformBelow(power, 2 ** 20)).toBe(2 ** 20 - 1);
    expect(power.taken).toBe(1);
    expect(() => uniformBelow(wordsFrom([1]), 0)).toThrow('not a positive safe integer');
  });
});

describe('drawAllotments', () => {
  it(`is named ${DRAW_ALGORITHM}`, () => {
    expect(DRAW_ALGORITHM).toBe('bourse-draw-v1');
  });

  it('gives everyone everything when fewer lots are applied for than offered', () => {
    const allotted = drawAllotments({ seedHex: seedOf('under'), publicLots: 200, entries: ENTRIES });
    expect([...allotted]).toEqual(ENTRIES.map((entry) => [entry.subscriptionId, entry.lots]));
  });

  it('gives everyone everything when exactly the lots offered are applied for', () => {
    const allotted = drawAllotments({ seedHex: seedOf('equal'), publicLots: 113, entries: ENTRIES });
    expect([...allotted]).toEqual(ENTRIES.map((entry) => [entry.subscriptionId, entry.lots]));
    expect(drawAllotments({ seedHex: seedOf('none'), publicLots: 0, entries: [] }).size).toBe(0);
  });

  it('draws exactly the public lots when oversubscribed, nobody above what they applied for', () => {
    const allotted = drawAllotments({ seedHex: seedOf('over'), publicLots: 20, entries: ENTRIES });
    expect([...allotted.keys()]).toEqual(ENTRIES.map((entry) => entry.subscriptionId));
    expect(total(allotted)).toBe(20);
    for (const entry of ENTRIES) expect(allotted.get(entry.subscriptionId)).toBeLessThanOrEqual(entry.lots);
    // One lot short of everything: exactly one applied lot is left out.
    expect(total(drawAllotments({ seedHex: seedOf('over'), publicLots: 112, entries: ENTRIES }))).toBe(112);
    // No public lots at all: nobody gets anything.
    const none = drawAllotments({ seedHex: seedOf('over'), publicLots: 0, entries: ENTRIES });
    expect([...none.values()].every((lots) => lots === 0)).toBe(true);
  });

  it('answers the same for the same seed and list, in whatever order the list is given', () => {
    const seedHex = seedOf('same');
    const first = drawAllotments({ seedHex, publicLots: 40, entries: ENTRIES });
    expect([...drawAllotments({ seedHex, publicLots: 40, entries: ENTRIES })]).toEqual([...first]);
    expect([...drawAllotments({ seedHex, publicLots: 40, entries: [...ENTRIES].reverse() })]).toEqual([...first]);
  });

  it('answers differently for different seeds', () => {
    // 1,000 subscriptions of 1–5 lots, 100 drawn: two seeds agreeing on every allotment is beyond chance.
    const entries = Array.from({ length: 1_000 }, (_, i) => ({ subscriptionId: i + 1, lots: (i % 5) + 1 }));
    const outcomes = new Set(
      Array.from({ length: 10 }, (_, i) =>
        JSON.stringify([...drawAllotments({ seedHex: seedOf(`seed ${i}`), publicLots: 100, entries })]),
      ),
    );
    expect(outcomes.size).toBe(10);
  });

  it.each(['dense', 'sparse', undefined] as const)(
    'matches the pinned known answers with swaps kept %s (any change to the algorithm must change its name)',
    (store) => {
      // Computed independently from the description in docs/architecture.md (a Python reimplementation).
      const seedHex = '5eed0123456789abcdef0123456789abcdef0123456789abcdef89abcdef0123';
      const options = { store };
      expect(seedHash(seedHex)).toBe('028ce16cd3de5fee5428424bde93bcf6467694dc47bc0f9404cfa93fea1b0131');
      expect([...drawAllotments({ seedHex, publicLots: 5, entries: ENTRIES }, options)]).toEqual([
        [101, 0],
        [102, 0],
        [103, 0],
        [107, 0],
        [110, 0],
        [111, 1],
        [115, 0],
        [120, 2],
        [121, 0],
        [130, 2],
      ]);
      expect([...drawAllotments({ seedHex, publicLots: 20, entries: ENTRIES }, options)]).toEqual([
        [101, 0],
        [102, 0],
        [103, 1],
        [107, 5],
        [110, 1],
        [111, 2],
        [115, 1],
        [120, 2],
        [121, 1],
        [130, 7],
      ]);
      expect([...drawAllotments({ seedHex, publicLots: 112, entries: ENTRIES }, options)]).toEqual([
        [101, 1],
        [102, 5],
        [103, 2],
        [107, 30],
        [110, 1],
        [111, 8],
        [115, 3],
        [120, 12],
        [121, 1],
        [130, 49],
      ]);
      expect([
        ...drawAllotments(
          {
            seedHex: `${'00'.repeat(31)}01`,
            publicLots: 7,
            entries: [
              { subscriptionId: 1, lots: 3 },
              { subscriptionId: 2, lots: 1 },
              { subscriptionId: 5, lots: 10 },
              { subscriptionId: 9, lots: 4 },
              { subscriptionId: 12, lots: 2 },
            ],
          },
          options,
        ),
      ]).toEqual([
        [1, 0],
        [2, 1],
        [5, 2],
        [9, 3],
        [12, 1],
      ]);
    },
  );

  it('refuses a list it cannot number: a repeated id, a lot count below 1 or not whole, bad public lots', () => {
    const seedHex = seedOf('bad');
    const twice = [...ENTRIES, { subscriptionId: 107, lots: 1 }];
    expect(() => drawAllotments({ seedHex, publicLots: 5, entries: twice })).toThrow('subscription 107 appears twice');
    for (const lots of [0, -1, 1.5, Number.NaN]) {
      expect(() => drawAllotments({ seedHex, publicLots: 5, entries: [{ subscriptionId: 1, lots }] })).toThrow(
        `subscription 1 applied for ${lots} lots`,
      );
    }
    for (const publicLots of [-1, 0.5, Number.POSITIVE_INFINITY]) {
      expect(() => drawAllotments({ seedHex, publicLots, entries: ENTRIES })).toThrow('publicLots');
    }
  });

  it('draws 50,000 of 1,000,000 lots applied by 100,000 subscriptions', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => ({
      subscriptionId: 2 * i + 1,
      lots: i % 2 === 0 ? 5 : 15,
    }));
    expect(entries.reduce((sum, entry) => sum + entry.lots, 0)).toBe(1_000_000);
    const allotted = drawAllotments({ seedHex: seedOf('large'), publicLots: 50_000, entries });
    expect(allotted.size).toBe(100_000);
    expect(total(allotted)).toBe(50_000);
    entries.forEach((entry) => expect(allotted.get(entry.subscriptionId)).toBeLessThanOrEqual(entry.lots));
  });
});

describe('drawAllotments, properties', () => {
  const seedHex = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
  const entries = fc
    .uniqueArray(
      fc.record({ subscriptionId: fc.integer({ min: 1, max: 1_000_000 }), lots: fc.integer({ min: 1, max: 20 }) }),
      {
        selector: (entry) => entry.subscriptionId,
        maxLength: 60,
      },
    )
    .chain((list) => {
      const applied = list.reduce((sum, entry) => sum + entry.lots, 0);
      return fc.record({ list: fc.constant(list), publicLots: fc.integer({ min: 0, max: applied + 10 }) });
    });

  it('allots min(public, applied) lots in all, 0 … applied to each, every id once in ascending order', () => {
    fc.assert(
      fc.property(seedHex, entries, (seed, { list, publicLots }) => {
        const allotted = drawAllotments({ seedHex: seed, publicLots, entries: list });
        const applied = list.reduce((sum, entry) => sum + entry.lots, 0);
        expect([...allotted.keys()]).toEqual(list.map((entry) => entry.subscriptionId).sort((a, b) => a - b));
        expect(total(allotted)).toBe(Math.min(publicLots, applied));
        for (const entry of list) {
          const lots = allotted.get(entry.subscriptionId) ?? -1;
          expect(Number.isInteger(lots) && lots >= 0 && lots <= entry.lots).toBe(true);
          if (applied <= publicLots) expect(lots).toBe(entry.lots);
        }
      }),
    );
  });

  it('is deterministic and does not depend on the order the list is given in', () => {
    fc.assert(
      fc.property(seedHex, entries, fc.integer(), (seed, { list, publicLots }, shuffle) => {
        const first = [...drawAllotments({ seedHex: seed, publicLots, entries: list })];
        const shuffled = [...list].sort(
          (a, b) => ((a.subscriptionId * shuffle) % 7) - ((b.subscriptionId * shuffle) % 7),
        );
        expect([...drawAllotments({ seedHex: seed, publicLots, entries: shuffled })]).toEqual(first);
      }),
    );
  });

  it('draws the same tickets whether the swaps are kept in an array or in a map', () => {
    fc.assert(
      fc.property(seedHex, entries, (seed, { list, publicLots }) => {
        const dense = drawAllotments({ seedHex: seed, publicLots, entries: list }, { store: 'dense' });
        expect([...drawAllotments({ seedHex: seed, publicLots, entries: list }, { store: 'sparse' })]).toEqual([
          ...dense,
        ]);
      }),
    );
  });

  it('never takes a lot away when one more public lot is drawn with the same seed (the draw extends its prefix)', () => {
    fc.assert(
      fc.property(seedHex, entries, (seed, { list, publicLots }) => {
        const applied = list.reduce((sum, entry) => sum + entry.lots, 0);
        fc.pre(publicLots + 1 < applied);
        const fewer = drawAllotments({ seedHex: seed, publicLots, entries: list });
        const more = drawAllotments({ seedHex: seed, publicLots: publicLots + 1, entries: list });
        let grown = 0;
        for (const [id, lots] of more) {
          const before = fewer.get(id) ?? 0;
          expect(lots - before === 0 || lots - before === 1).toBe(true);
          grown += lots - before;
        }
        expect(grown).toBe(1);
      }),
    );
  });
});

describe('drawAllotments, fairness', () => {
  it('gives each subscription on average its share lots ÷ applied of the public lots, wherever it stands', () => {
    // 50 lots applied, 10 drawn, over 4,000 fixed seeds. Subscription k's allotment X_k follows the
    // hypergeometric law with mean 10·ℓ_k/50 and lies in [0, r_k], r_k = min(ℓ_k, 10). Hoeffding:
    // P(|mean of S draws − expected| ≥ t) ≤ 2·exp(−2·S·t²/r_k²); with t = r_k·√(ln(2/δ)/(2S)) and
    // δ = 10⁻⁹, a correct draw fails this test with probability below 6·10⁻⁹ for any seeds — and the
    // seeds are fixed, so the outcome never changes between runs. A biased draw (modulo bias, an
    // off-by-one in the swap, a position preference) shifts a mean by more than the bound: the two
    // single lots at the first and the last-but-one place and the two 3-lot subscriptions must
    // each land near their own expectation.
    const list = [1, 3, 10, 3, 1, 32].map((lots, i) => ({ subscriptionId: i + 1, lots }));
    const applied = 50;
    const publicLots = 10;
    const seeds = 4_000;
    const sums = new Array<number>(list.length).fill(0);
    for (let s = 0; s < seeds; s++) {
      const allotted = drawAllotments({ seedHex: seedOf(`fairness ${s}`), publicLots, entries: list });
      list.forEach((entry, k) => (sums[k]! += allotted.get(entry.subscriptionId) ?? 0));
    }
    const delta = 1e-9;
    list.forEach((entry, k) => {
      const expected = (publicLots * entry.lots) / applied;
      const range = Math.min(entry.lots, publicLots);
      const tolerance = range * Math.sqrt(Math.log(2 / delta) / (2 * seeds));
      expect(Math.abs(sums[k]! / seeds - expected)).toBeLessThan(tolerance);
    });
  });
});
