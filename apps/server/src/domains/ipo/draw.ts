import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The IPO draw anyone can re-check (issue 13; docs/architecture.md, "IPO draw (re-checkable)").
 * Pure: the same seed and the same list give the same allotments on every machine, and nothing here
 * reads or writes anything outside its arguments. `npm run ipo:verify` runs this very code over what
 * `GET /api/ipo/:id/draw` publishes.
 *
 * bourse-draw-v1, for a seed S (32 bytes), P public lots and the subscriptions in ascending id order
 * with lots ℓ_k ≥ 1, N = Σ ℓ_k:
 * 1. N ≤ P: every subscription is allotted all its lots (no randomness is used).
 * 2. Otherwise ticket t ∈ [0, N) belongs to the subscription k with c_k ≤ t < c_k + ℓ_k, c_k = Σ_{j<k} ℓ_j.
 * 3. The byte stream is HMAC-SHA256(key S, message u64be(0)) ‖ HMAC-SHA256(S, u64be(1)) ‖ …, read
 *    8 bytes at a time as big-endian unsigned integers of which the low 53 bits are kept (w < 2^53).
 * 4. below(n) takes words until w < 2^53 − (2^53 mod n) and answers w mod n (rejection: no modulo bias).
 * 5. Partial Fisher–Yates over the virtual array A[t] = t: for i = 0 … P − 1, j = i + below(N − i),
 *    swap A[i] and A[j]; the tickets A[0 … P − 1] win.
 * 6. A subscription is allotted as many lots as it holds winning tickets.
 */
export const DRAW_ALGORITHM = 'bourse-draw-v1';

export const SEED_BYTES = 32;
const SEED_HEX = /^[0-9a-f]{64}$/;

const TWO_POW_53 = 2 ** 53;
const TWO_POW_32 = 2 ** 32;
/** The 53 low bits of a 64-bit word are its low 32 bits and the low 21 bits of its high half. */
const HIGH_21_BITS = 0x1f_ffff;
const WORD_BYTES = 8;

export interface DrawEntry {
  subscriptionId: number;
  lots: number;
}

export interface DrawInput {
  /** The seed as 64 lowercase hex digits (32 bytes). */
  seedHex: string;
  publicLots: number;
  /** In any order: the draw numbers the tickets over the entries sorted by subscription id. */
  entries: readonly DrawEntry[];
}

/** A fresh secret seed: 32 bytes from the operating system's CSPRNG, as 64 lowercase hex digits. */
export function newSeed(): string {
  return randomBytes(SEED_BYTES).toString('hex');
}

/** True for 64 lowercase hex digits, the only spelling of a seed the draw accepts. */
export function isSeedHex(value: string): boolean {
  return SEED_HEX.test(value);
}

/** The commitment published when an issue opens: SHA-256 of the seed's 32 bytes, as lowercase hex. */
export function seedHash(seedHex: string): string {
  assertSeed(seedHex);
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/**
 * The words of step 3: 53-bit integers from the HMAC-SHA256 counter stream keyed by the seed. Each
 * call to `next` consumes the next 8 bytes of the stream.
 */
export function drawWords(seedHex: string): { next(): number } {
  assertSeed(seedHex);
  const key = Buffer.from(seedHex, 'hex');
  const counter = Buffer.alloc(8);
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  return {
    next() {
      if (offset === bytes.length) {
        // u64be(block): the high half stays 0 below 2^32 blocks, far beyond any draw's need.
        counter.writeUInt32BE(Math.floor(block / TWO_POW_32), 0);
        counter.writeUInt32BE(block % TWO_POW_32, 4);
        bytes = createHmac('sha256', key).update(counter).digest();
        block += 1;
        offset = 0;
      }
      const word = (bytes.readUInt32BE(offset) & HIGH_21_BITS) * TWO_POW_32 + bytes.readUInt32BE(offset + 4);
      offset += WORD_BYTES;
      return word;
    },
  };
}

/**
 * Step 4: a uniform integer in [0, n) from 53-bit words, rejecting the top 2^53 mod n values so every
 * result is equally likely. Every operation is exact in doubles: all values stay below 2^53.
 */
export function uniformBelow(words: { next(): number }, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`uniformBelow: bound ${n} is not a positive safe integer`);
  const limit = TWO_POW_53 - (TWO_POW_53 % n);
  for (;;) {
    const word = words.next();
    if (word < limit) return word % n;
  }
}

/**
 * Where the partial Fisher–Yates keeps the positions it has swapped: `sparse` in a map of the moved
 * positions only (memory O(publicLots) whatever the demand), `dense` in an array of every applied lot
 * (4 bytes per lot, faster). Both give the same tickets; by default the array is used only while it is
 * at most DENSE_FACTOR times the public lots, so memory stays O(publicLots) either way.
 */
export type SwapStore = 'dense' | 'sparse';
const DENSE_FACTOR = 8;

/**
 * Allotted lots per subscription id, in ascending id order. Undersubscribed or exactly subscribed:
 * everyone gets every lot applied for. Oversubscribed: exactly `publicLots` lots are drawn without
 * replacement, each subscription gets at most what it applied for. Time O(entries · log entries +
 * publicLots · log entries), memory O(entries + publicLots), never O(applied lots).
 */
export function drawAllotments(input: DrawInput, options: { store?: SwapStore } = {}): Map<number, number> {
  assertSeed(input.seedHex);
  const { publicLots } = input;
  if (!Number.isSafeInteger(publicLots) || publicLots < 0) throw new Error(`draw: publicLots ${publicLots} is invalid`);
  const entries = [...input.entries].sort((a, b) => a.subscriptionId - b.subscriptionId);
  // starts[k] = c_k, the first ticket of entry k; appliedLots = N.
  const starts = new Float64Array(entries.length);
  let appliedLots = 0;
  entries.forEach((entry, k) => {
    if (!Number.isSafeInteger(entry.subscriptionId)) throw new Error(`draw: subscription id ${entry.subscriptionId}`);
    if (k > 0 && entry.subscriptionId === entries[k - 1]!.subscriptionId) {
      throw new Error(`draw: subscription ${entry.subscriptionId} appears twice`);
    }
    if (!Number.isSafeInteger(entry.lots) || entry.lots < 1) {
      throw new Error(`draw: subscription ${entry.subscriptionId} applied for ${entry.lots} lots`);
    }
    starts[k] = appliedLots;
    appliedLots += entry.lots;
    if (!Number.isSafeInteger(appliedLots)) throw new Error('draw: applied lots exceed 2^53 − 1');
  });

  const allotted = new Map<number, number>();
  if (appliedLots <= publicLots) {
    for (const entry of entries) allotted.set(entry.subscriptionId, entry.lots);
    return allotted;
  }

  const fitsDense = appliedLots < TWO_POW_32;
  const store = options.store ?? (fitsDense && appliedLots <= DENSE_FACTOR * publicLots ? 'dense' : 'sparse');
  if (store === 'dense' && !fitsDense) throw new Error('draw: too many applied lots for a dense swap array');
  const winners = winningTickets(drawWords(input.seedHex), appliedLots, publicLots, store);
  const won = new Float64Array(entries.length);
  for (const ticket of winners) won[entryOfTicket(starts, ticket)]! += 1;
  entries.forEach((entry, k) => allotted.set(entry.subscriptionId, won[k]!));
  return allotted;
}

/** Step 5: the tickets A[0 … publicLots − 1] after the partial Fisher–Yates over A[t] = t, t < appliedLots. */
function winningTickets(words: { next(): number }, appliedLots: number, publicLots: number, store: SwapStore) {
  const winners = new Float64Array(publicLots);
  if (store === 'dense') {
    const tickets = new Uint32Array(appliedLots);
    for (let t = 0; t < appliedLots; t++) tickets[t] = t;
    for (let i = 0; i < publicLots; i++) {
      const j = i + uniformBelow(words, appliedLots - i);
      winners[i] = tickets[j]!;
      tickets[j] = tickets[i]!;
    }
    return winners;
  }
  // A[t] = t except where `moved` says otherwise; only positions ≥ i are ever read again, so
  // position i is forgotten once drawn and the map never outgrows publicLots.
  const moved = new Map<number, number>();
  for (let i = 0; i < publicLots; i++) {
    const j = i + uniformBelow(words, appliedLots - i);
    const atI = moved.get(i) ?? i;
    winners[i] = moved.get(j) ?? j;
    if (j !== i) moved.set(j, atI);
    moved.delete(i);
  }
  return winners;
}

/** The entry k with starts[k] ≤ ticket < starts[k + 1] (binary search; every entry has ≥ 1 ticket). */
function entryOfTicket(starts: Float64Array, ticket: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= ticket) low = middle;
    else high = middle - 1;
  }
  return low;
}

function assertSeed(seedHex: string): void {
  if (!isSeedHex(seedHex)) throw new Error('draw: the seed must be 64 lowercase hex digits (32 bytes)');
}
