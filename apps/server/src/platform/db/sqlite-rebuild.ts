import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * SQLite cannot alter or drop a table's constraint: the table is rebuilt as its documentation
 * describes (https://www.sqlite.org/lang_altertable.html, "making other kinds of table schema
 * changes") — with foreign keys off, in one transaction: a copy made from the table's DDL as `edit`
 * rewrites it, the rows, the old table dropped, the copy renamed, its indexes and its AUTOINCREMENT
 * counter restored, and the foreign keys of every table checked before COMMIT.
 *
 * `edit` gets the table's current DDL and returns the new one, or null when the table already has
 * the shape wanted (the migration then does nothing); it throws when the DDL is neither.
 */
export async function rebuildSqliteTable(
  db: Kysely<any>,
  table: string,
  edit: (ddl: string) => string | null,
): Promise<void> {
  const found = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const ddl = found.rows[0]?.sql;
  if (!ddl) throw new Error(`${table}: the table was not found`);
  const edited = edit(ddl);
  if (edited === null) return;
  const created = `CREATE TABLE "${table}"`;
  if (!edited.startsWith(created)) throw new Error(`${table}: the new DDL must start with ${created}`);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  const rebuilt = `${table}_rebuilt`;

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(edited.replace(created, `CREATE TABLE "${rebuilt}"`)).execute(db);
      await sql.raw(`insert into "${rebuilt}" select * from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const seq = sequence.rows[0]?.seq;
      if (seq !== undefined) await sql`update sqlite_sequence set seq = ${seq} where name = ${table}`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`${table} rebuild: ${broken.rows.length} broken foreign keys`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
