import { gzipSync } from 'node:zlib';

interface Entry {
  json: Buffer;
  gzip: Buffer | null;
}

/**
 * Serialized candle responses, reused while nothing they show can have changed. The key names
 * everything the answer depends on (instrument, interval, range, the live bar's last update, the
 * import generation), so an entry is never stale, only replaced; the map is bounded (oldest first
 * out). Gzip is computed once per entry: three years of daily candles are ~90 KB of JSON, ~25 KB
 * compressed, and compressing them per request would cost more than building them.
 */
export class CandleCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Refresh its place as most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, json: string): Entry {
    const entry: Entry = { json: Buffer.from(json), gzip: null };
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  gzipOf(entry: Entry): Buffer {
    entry.gzip ??= gzipSync(entry.json, { level: 6 });
    return entry.gzip;
  }

  get size(): number {
    return this.entries.size;
  }
}
