import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was */

/**
 * Loans (issue 14): an investor's application (`pending`), decided by one operator or, at or above
 * the four-eyes threshold when applied for, two (`approvals_required` fixed at application, the first
 * approval in `approved_by`/`approved_at`), then `passed` (principal paid into cash, the rate in
 * force fixed on the row, interest accrued day by day) or `rejected` with a reason; `repaid` when
 * principal and interest are paid back, with whether on time. One pending application per investor
 * (partial unique index). Each day of interest is one row (unique per loan and date); each repayment
 * one row with its interest and principal parts.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (name: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id('loans')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('term_days', 'integer', (c) => c.notNull().check(sql`term_days > 0`))
    .addColumn('purpose', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','passed','rejected','repaid')`),
    )
    .addColumn('reason', 'varchar(500)')
    .addColumn('approvals_required', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`approvals_required in (1, 2)`),
    )
    .addColumn('approved_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('approved_at', 'bigint')
    .addColumn('decided_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('rate_ppm', 'integer')
    .addColumn('passed_date', 'varchar(10)')
    .addColumn('due_date', 'varchar(10)')
    .addColumn('principal_outstanding_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`principal_outstanding_minor >= 0`),
    )
    .addColumn('interest_outstanding_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`interest_outstanding_minor >= 0`),
    )
    .addColumn('interest_accrued_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('repaid_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // The fraction of a cent carried to the next day (platform/accrual.ts), a bigint numerator as text.
    .addColumn('carry', 'varchar(40)', (c) => c.notNull().defaultTo('0'))
    .addColumn('accrued_through', 'varchar(10)')
    // The end of the next calendar day to accrue (null unless passed): the interest job's due time.
    .addColumn('next_accrual_at', 'bigint')
    // When the repayment reminder falls due (set when passed), and when it was sent (once).
    .addColumn('remind_at', 'bigint')
    .addColumn('reminded_at', 'bigint')
    .addColumn('repaid_at', 'bigint')
    .addColumn('repaid_on_time', 'integer', (c) => c.check(sql`repaid_on_time in (0, 1)`))
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('loans_rejected_has_reason', sql`(status = 'rejected') = (reason is not null)`)
    .addCheckConstraint(
      'loans_passed_has_terms',
      sql`(status in ('passed','repaid')) = (rate_ppm is not null and passed_date is not null and due_date is not null)`,
    )
    .addCheckConstraint('loans_repaid_has_time', sql`(status = 'repaid') = (repaid_at is not null)`)
    .execute();
  await db.schema.createIndex('loans_user_idx').on('loans').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('loans_status_idx').on('loans').columns(['status', 'id']).execute();
  await db.schema.createIndex('loans_next_accrual_idx').on('loans').columns(['status', 'next_accrual_at']).execute();
  await db.schema.createIndex('loans_remind_idx').on('loans').columns(['status', 'remind_at']).execute();
  // At most one pending application per investor, whatever races past the service's check.
  await db.schema
    .createIndex('loans_one_pending_per_user')
    .on('loans')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await id('loan_interest_days')
    .addColumn('loan_id', 'bigint', (c) => c.notNull().references('loans.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('principal_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate_ppm', 'integer', (c) => c.notNull())
    .addColumn('interest_minor', 'bigint', (c) => c.notNull().check(sql`interest_minor >= 0`))
    .addColumn('carry_after', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('loan_interest_days_loan_day', ['loan_id', 'day'])
    .execute();

  await id('loan_repayments')
    .addColumn('loan_id', 'bigint', (c) => c.notNull().references('loans.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('interest_minor', 'bigint', (c) => c.notNull().check(sql`interest_minor >= 0`))
    .addColumn('principal_minor', 'bigint', (c) => c.notNull().check(sql`principal_minor >= 0`))
    .addColumn('request_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('loan_repayments_parts', sql`amount_minor = interest_minor + principal_minor`)
    .execute();
  await db.schema.createIndex('loan_repayments_loan_idx').on('loan_repayments').columns(['loan_id', 'id']).execute();
}
