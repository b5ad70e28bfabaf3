import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * The IPO draw and listing (issue 13), and messages kept as a key with parameters.
 *
 * `ipo_issues.allocation_started_at`: set in a transaction of its own before the first subscription
 * is settled, so an allocation interrupted halfway (a killed process) is resumed by the next run, and
 * an operator can no longer cancel an issue whose holds are partly captured.
 *
 * `outbox.params`: the message's parameters as JSON beside its key (`template`), so a message can be
 * rendered again in the reader's current language (the message centre), not only in the language it
 * was sent in (`body`).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ipo_issues').addColumn('allocation_started_at', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('params', 'text').execute();
  // The listing job: an issue's allotted subscriptions whose shares are not a position yet.
  await db.schema
    .createIndex('ipo_subscriptions_unlisted_idx')
    .on('ipo_subscriptions')
    .columns(['issue_id', 'position_id', 'id'])
    .execute();
}
