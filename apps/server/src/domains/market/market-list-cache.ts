import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { AppContext } from '../../platform/context.ts';
import type { Instrument } from '../../platform/db/schema.ts';
import { listInstruments } from './market.repository.ts';

/** One serialized answer: its bytes, their gzip (made on first demand) and a strong ETag of the bytes. */
export interface ListEntry {
  json: Buffer;
  gzip: Buffer | null;
  etag: string;
}

/**
 * The market list's answers (`GET /api/market/instruments`), kept as bytes while nothing they show
 * can have changed. An answer depends on the instrument rows, the live quotes and the query with the
 * reader's language; the cache holds them under a generation that moves:
 *
 * - on every batch of quotes the provider announces (`onQuotes`: simulator ticks, printed trades, a
 *   follower's mirrored quotes);
 * - when the provider reloads its instruments (`historyVersion`): the console's create, edit, halt
 *   and listing, an IPO's listing and an import all call `refreshInstruments()` after their commit;
 * - when `touch()` is called (anything else that changes what the list shows);
 * - every second of the clock regardless, so a change this instance was not told about (an edit
 *   made through another instance) shows within a second.
 *
 * At a new generation every answer is dropped and the rows are read again once, on the first
 * request. Within a generation a request costs a map look-up. The generation is read before the
 * data, so an answer is never filed under a generation newer than what it shows.
 *
 * The ETag is a hash of the bytes: a tick that changes nothing on a page (another page's prices)
 * leaves its ETag as it was, so a client revalidating gets 304.
 */
export class MarketListCache {
  private quoteVersion = 0;
  private localVersion = 0;
  private generation = '';
  private rows: Promise<{ rows: Instrument[]; byCode: Map<string, Instrument> }> | null = null;
  private readonly entries = new Map<string, ListEntry>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly maxEntries = 2_000,
  ) {
    this.unsubscribe = ctx.market.onQuotes(() => {
      this.quoteVersion++;
    });
  }

  /** Marks every answer as out of date. */
  touch(): void {
    this.localVersion++;
  }

  /** The current generation; when it moved since the last call, the answers and the rows are dropped. */
  private current(): string {
    const second = Math.floor(this.ctx.clock.nowMs() / 1000);
    const generation = `${this.quoteVersion}.${this.ctx.market.historyVersion}.${this.localVersion}.${second}`;
    if (generation !== this.generation) {
      this.generation = generation;
      this.entries.clear();
      this.rows = null;
    }
    return generation;
  }

  /**
   * The answer for `key` (the query and language), built by `build` from the instrument rows when
   * this generation has none yet.
   */
  async get(key: string, build: (rows: Instrument[]) => unknown): Promise<ListEntry> {
    const generation = this.current();
    const cached = this.entries.get(key);
    if (cached) return cached;
    const { rows } = await this.read();
    const json = Buffer.from(JSON.stringify(build(rows)));
    const entry: ListEntry = { json, gzip: null, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    // Filed only while its generation is still the current one (a tick during the read: the next
    // request builds again).
    if (generation === this.generation && this.entries.size < this.maxEntries) this.entries.set(key, entry);
    return entry;
  }

  /**
   * One instrument's row (any status) as this generation read it — a stock's detail, polled by every
   * open detail screen, costs a map look-up instead of a query; undefined for an unknown code.
   */
  async instrument(code: string): Promise<Instrument | undefined> {
    this.current();
    return (await this.read()).byCode.get(code);
  }

  /** The instrument rows of the current generation, read once (a failed read is tried again next time). */
  private async read() {
    this.rows ??= listInstruments(this.ctx.database.readDb).then((rows) => ({
      rows,
      byCode: new Map(rows.map((row) => [row.code, row])),
    }));
    const rowsPromise = this.rows;
    try {
      return await rowsPromise;
    } catch (error) {
      if (this.rows === rowsPromise) this.rows = null;
      throw error;
    }
  }

  gzipOf(entry: ListEntry): Buffer {
    entry.gzip ??= gzipSync(entry.json, { level: 6 });
    return entry.gzip;
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
  }
}

/**
 * Whether an `If-None-Match` header names this ETag (RFC 9110 §13.1.2: weak comparison, a list, or
 * `*`).
 */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  for (const part of value.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === etag) return true;
  }
  return false;
}
