import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Storage that does not grow without bound (issue 17): the retention job removes stored
 * Idempotency-Key answers older than the retention window and stale rate-limit rows in batches,
 * oldest first. Each needs an index on the time it is judged by (both append at the right end:
 * new rows carry the latest time). Replay nonces have theirs already (`used_nonces_expiry_idx`);
 * the outbox is walked by its id, which grows with its time.
 *
 * A key may then be used again for a new request, so ledger entries keyed by an Idempotency-Key also
 * carry the request's instant, which makes them longer: journal entry keys go to 200 characters
 * (SQLite does not enforce a varchar length).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('journal_entries')
      .alterColumn('idempotency_key', (c) => c.setDataType('varchar(200)'))
      .execute();
  }
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  await db.schema.createIndex('throttles_window_idx').on('throttles').column('window_started_at').execute();
}
