import type { Clock } from './clock.ts';
import { sha256Hex } from './crypto.ts';
import type { DatabaseHandle, Dialect, Trx } from './db/database.ts';
import { readRunner, sqlRunner, type SqlRunner } from './db/sql-runner.ts';
import { WriteQueue } from './db/write-queue.ts';
import { AppError } from './errors.ts';

/**
 * The one path of every money write (issue 12; docs/architecture.md, "Money commands"). A domain
 * hands over a unit of work; this module claims the Idempotency-Key, runs the unit in one
 * transaction with the ledger, stores the answer in that transaction, commits, and only then
 * publishes what the unit announced. The same key and body get the stored answer; the same key
 * with another body is IDEMPOTENCY_KEY_REUSED; the same body under a new key within
 * DUPLICATE_SUBMIT_WINDOW_MS is DUPLICATE_SUBMIT. Refusals (4xx other than 409 and 429) are answers
 * too and are stored; server faults and rate limits are not, so a retry runs again.
 *
 * Units run on the write queue of the main connection (group commit on SQLite), or — where a
 * domain opts in — on a thread of its own that runs `runKeyedUnit` (the order writer, ADR 0007).
 */

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** Stored answers are kept at least this long (the spec asks for 24 h). */
const KEEP_MS = 48 * 3_600_000;
/**
 * Old answers are deleted at most this often (real time). The delete scans the table (there is
 * no index on the creation time, which every write would pay for); once every few minutes is
 * plenty for a 48-hour retention, whereas once per few hundred requests made busy order flow scan
 * it several times a second.
 */
const PURGE_EVERY_MS = 10 * 60_000;

/** An answer as it was first sent: replayed byte for byte. */
export interface StoredAnswer {
  statusCode: number;
  body: string;
}

/** An investor's claim on an Idempotency-Key for one request (its hash covers route and body). */
export interface MoneyKey {
  userId: number;
  key: string;
  requestHash: string;
}

/** What a domain hands the pipeline for a queued command; the route adds request and answer. */
export type MoneyUnit<T> = Pick<QueuedCommand<T>, 'check' | 'unit'>;

/** What a keyed unit came to: the answer stored earlier, or its own result and answer. */
export type UnitOutcome<T> =
  { kind: 'replay'; answer: StoredAnswer } | { kind: 'done'; answer: StoredAnswer; result: T };

/** What the pipeline answers a route: the body to send, and whether it is a replay. */
export interface MoneyAnswer<T> {
  answer: StoredAnswer;
  replayed: boolean;
  /** The unit's result; undefined for a replay. */
  result: T | undefined;
}

/** The request an Idempotency-Key is claimed for; its hash decides "same body". */
export interface KeyedRequest {
  userId: number;
  /** The Idempotency-Key header as received. */
  header: string | string[] | undefined;
  method: string;
  /** The route's pattern (`/api/wallet/deposits`), so that parameters are hashed separately. */
  url: string;
  params: unknown;
  body: unknown;
}

/**
 * Events and messages a unit announces: released only after its transaction has committed, and
 * dropped when it rolls back.
 */
export class AfterCommit {
  private readonly pending: Array<() => void> = [];

  add(publish: () => void): void {
    this.pending.push(publish);
  }

  /** @internal Called by the pipeline once the unit's transaction has committed. */
  release(): void {
    for (const publish of this.pending) publish();
  }
}

interface CommandBase<T> {
  /**
   * Checks before the transaction whose refusal is an answer: the trading password (its failed
   * attempts are counted in a transaction of their own, which the unit's rollback must not undo),
   * and the validations that precede it today so that their order is kept.
   */
  check?: () => Promise<void>;
  /**
   * Renders a refusal as the route sends it (the error envelope, in the request's language): it is
   * stored as the key's answer, so it is required — a route cannot forget it.
   */
  refusal: (error: AppError) => StoredAnswer;
  /** Runs after the commit with the unit's result (not for a replay): live events. */
  afterCommit?: (result: T) => void;
}

/** A unit run in a transaction on the write queue of the main connection. */
export interface QueuedCommand<T> extends CommandBase<T> {
  /** The investor's request with its Idempotency-Key. */
  request: KeyedRequest;
  /**
   * Whether the stored answer and the duplicate-submit window are looked up before `check` (on
   * committed data), as a claim made before the handler did; default true. The claim in the
   * transaction checks both again, so concurrent requests still see one effect.
   */
  replayBeforeChecks?: boolean;
  /** The work, in the transaction; `key` is the investor's claim. */
  unit: (trx: Trx, events: AfterCommit, key: MoneyKey) => Promise<T>;
  /** The answer to store and send (built by the route: the envelope lives there). */
  answer: (result: T) => StoredAnswer;
}

/**
 * A unit with a call to a system outside our database that its answer needs (a payment processor):
 * the first transaction claims the key and writes `unit`'s rows; then `call` runs, outside any
 * transaction; the second transaction runs `finish` and stores the answer. Meanwhile the key is held,
 * so the same key again is CONFLICT; a server fault in `call` or `finish` frees it for a retry.
 */
export interface ExternalCommand<T, E, R> extends CommandBase<R> {
  request: KeyedRequest;
  unit: (trx: Trx, key: MoneyKey) => Promise<T>;
  call: (first: T) => Promise<E>;
  finish: (trx: Trx, first: T, external: E, events: AfterCommit) => Promise<R>;
  answer: (result: R) => StoredAnswer;
}

/** A unit written by a thread of the domain's own (it runs `runKeyedUnit` there). */
export interface ThreadCommand<T> extends CommandBase<T> {
  request: KeyedRequest;
  write: (key: MoneyKey, nowMs: number) => Promise<UnitOutcome<T>>;
}

/** JSON with sorted keys, so the same body always hashes the same. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The investor's key for this request; IDEMPOTENCY_KEY_REQUIRED when it is missing or malformed. */
export function moneyKeyOf(request: KeyedRequest): MoneyKey {
  const key = Array.isArray(request.header) ? request.header[0] : request.header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  // The same text as before issue 12, so keys stored by the previous version still match.
  const requestHash = sha256Hex(
    `${request.method} ${request.url} ${JSON.stringify(request.params)} ${stableStringify(request.body)}`,
  );
  return { userId: request.userId, key, requestHash };
}

type StoredRow = { requestHash: string; statusCode: number | null; responseBody: string | null };

const SELECT_STORED = `select request_hash as "requestHash", status_code as "statusCode", response_body as "responseBody"
     from idempotency_keys where user_id = ? and key = ?`;
const SELECT_RECENT = `select key from idempotency_keys
       where user_id = ? and request_hash = ? and created_at > ? and key <> ? limit 1`;

/** A stored row as an answer: REUSED for another body, CONFLICT while its request is in flight. */
function answerOfRow(stored: StoredRow, key: MoneyKey): StoredAnswer {
  if (stored.requestHash !== key.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (stored.statusCode === null || stored.responseBody === null) throw new AppError('CONFLICT');
  return { statusCode: Number(stored.statusCode), body: stored.responseBody };
}

/**
 * The first thing a keyed unit's transaction does: claims the key (a row that commits or rolls back
 * with the unit). A key answered meanwhile — a concurrent retry; on PostgreSQL the claim waits for
 * that transaction — gives its stored answer back; the same request under another key within the
 * duplicate-submit window is DUPLICATE_SUBMIT. Otherwise the unit goes on and its answer is stored
 * by `storeAnswer` before the transaction ends.
 */
export async function claimKey(
  run: SqlRunner,
  key: MoneyKey,
  options: { nowMs: number; duplicateWindowMs: number },
): Promise<StoredAnswer | null> {
  // SQLite runs one writer at a time, so a look-up is enough and the answer is inserted at the end
  // (one write). On PostgreSQL the claim is inserted first, so a concurrent request with the same
  // key waits for this transaction and then finds its answer.
  const claimed =
    run.dialect === 'sqlite'
      ? 1
      : await run.run(
          `insert into idempotency_keys (user_id, key, request_hash, created_at) values (?, ?, ?, ?)
           on conflict (user_id, key) do nothing`,
          [key.userId, key.key, key.requestHash, options.nowMs],
        );
  const stored =
    claimed === 0 || run.dialect === 'sqlite'
      ? await run.get<StoredRow>(SELECT_STORED, [key.userId, key.key])
      : undefined;
  if (claimed === 0 && !stored) throw new AppError('CONFLICT');
  if (stored) return answerOfRow(stored, key);
  if (options.duplicateWindowMs > 0) {
    const recent = await run.get<{ key: string }>(SELECT_RECENT, [
      key.userId,
      key.requestHash,
      options.nowMs - options.duplicateWindowMs,
      key.key,
    ]);
    if (recent) throw new AppError('DUPLICATE_SUBMIT');
  }
  return null;
}

/** Stores the answer of a key claimed by `claimKey`, in the same transaction. */
export async function storeAnswer(run: SqlRunner, key: MoneyKey, answer: StoredAnswer, nowMs: number): Promise<void> {
  if (run.dialect === 'sqlite') {
    await run.run(
      `insert into idempotency_keys (user_id, key, request_hash, status_code, response_body, created_at)
       values (?, ?, ?, ?, ?, ?)`,
      [key.userId, key.key, key.requestHash, answer.statusCode, answer.body, nowMs],
    );
    return;
  }
  const updated = await run.run(
    'update idempotency_keys set status_code = ?, response_body = ? where user_id = ? and key = ?',
    [answer.statusCode, answer.body, key.userId, key.key],
  );
  if (updated !== 1) throw new Error('storeAnswer needs the claim of claimKey');
}

/**
 * A keyed unit inside the caller's transaction, on whichever thread holds it: claim the key, run
 * the unit, build its answer and store it. The order writer thread runs this; so does the queue.
 */
export async function runKeyedUnit<T>(
  trx: Trx,
  dialect: Dialect,
  key: MoneyKey,
  options: { nowMs: number; duplicateWindowMs: number },
  unit: (trx: Trx) => Promise<T>,
  answerOf: (result: T) => StoredAnswer,
): Promise<UnitOutcome<T>> {
  const run = sqlRunner(trx, dialect);
  const stored = await claimKey(run, key, options);
  if (stored) return { kind: 'replay', answer: stored };
  const result = await unit(trx);
  const answer = answerOf(result);
  await storeAnswer(run, key, answer, options.nowMs);
  return { kind: 'done', answer, result };
}

/**
 * Refusals that say "not now" about the request's delivery rather than answer it: the same key in
 * flight, the same body under another key just now, the key used for another body, a rate limit.
 * A retry under the same key may be answered differently, so they are not stored.
 */
const TRANSIENT_REFUSALS = new Set<string>(['CONFLICT', 'DUPLICATE_SUBMIT', 'IDEMPOTENCY_KEY_REUSED']);

/**
 * A refusal worth storing: every client error that answers the request, business conflicts
 * included (IPO_ALREADY_SUBSCRIBED, LOAN_ALREADY_PENDING …), so the same key and body keep getting
 * the same answer even after the state that caused it has changed (DESIGN.md, idempotency).
 */
function storableRefusal(error: unknown): error is AppError {
  if (!(error instanceof AppError)) return false;
  const status = error.status;
  return status >= 400 && status < 500 && status !== 429 && !TRANSIENT_REFUSALS.has(error.code);
}

/** The money-write pipeline of one app: its write queue and its idempotency store. */
export class MoneyCommands {
  /** The write queue of the main connection (group commit on SQLite); trading shares it. */
  readonly queue: WriteQueue;
  private lastPurgeRealMs = Date.now();

  constructor(
    private readonly deps: {
      database: DatabaseHandle;
      clock: Clock;
      config: { DUPLICATE_SUBMIT_WINDOW_MS: number; TRADE_GROUP_COMMIT_MAX_BATCH: number };
    },
  ) {
    this.queue = new WriteQueue(deps.database, { maxBatch: deps.config.TRADE_GROUP_COMMIT_MAX_BATCH });
  }

  /** Runs an investor's command on the write queue. */
  async execute<T>(command: QueuedCommand<T>): Promise<MoneyAnswer<T>> {
    const { database, clock, config } = this.deps;
    const key = moneyKeyOf(command.request);
    if (command.replayBeforeChecks !== false) {
      const earlier = await this.lookUp(key, clock.nowMs(), true);
      if (earlier) return { answer: earlier, replayed: true, result: undefined };
    }
    const refused = await this.runChecks(command, key);
    if (refused) return refused;
    let events = new AfterCommit();
    const nowMs = clock.nowMs();
    let outcome: UnitOutcome<T>;
    try {
      outcome = await this.queue.run((trx) => {
        // Each attempt its own events: a transaction PostgreSQL aborted (a deadlock) runs again.
        events = new AfterCommit();
        return runKeyedUnit(
          trx,
          database.dialect,
          key,
          { nowMs, duplicateWindowMs: config.DUPLICATE_SUBMIT_WINDOW_MS },
          (inner) => command.unit(inner, events, key),
          command.answer,
        );
      });
    } catch (error) {
      await this.storeRefusal(key, command, error);
      throw error;
    }
    return this.settle(outcome, events, command);
  }

  /**
   * A money write without an Idempotency-Key (an operator's decision, a provider's webhook, both
   * idempotent by their own rows): one transaction on the queue, its events after the commit.
   */
  async executeUnkeyed<T>(unit: (trx: Trx, events: AfterCommit) => Promise<T>): Promise<T> {
    let events = new AfterCommit();
    const result = await this.queue.run((trx) => {
      events = new AfterCommit(); // each attempt its own (see execute)
      return unit(trx, events);
    });
    events.release();
    return result;
  }

  /** Runs a command whose unit is written by the domain's own thread (`runKeyedUnit` there). */
  async executeOnThread<T>(command: ThreadCommand<T>): Promise<MoneyAnswer<T>> {
    const key = moneyKeyOf(command.request);
    const refused = await this.runChecks(command, key);
    if (refused) return refused;
    let outcome: UnitOutcome<T>;
    try {
      outcome = await command.write(key, this.deps.clock.nowMs());
    } catch (error) {
      await this.storeRefusal(key, command, error);
      throw error;
    }
    return this.settle(outcome, null, command);
  }

  /** Runs a command with a call to an outside system between its two transactions (see ExternalCommand). */
  async executeWithCall<T, E, R>(command: ExternalCommand<T, E, R>): Promise<MoneyAnswer<R>> {
    const { database, clock, config } = this.deps;
    const key = moneyKeyOf(command.request);
    const earlier = await this.lookUp(key, clock.nowMs(), true);
    if (earlier) return { answer: earlier, replayed: true, result: undefined };
    const refused = await this.runChecks(command, key);
    if (refused) return refused;
    const nowMs = clock.nowMs();
    let claimed: { replay: StoredAnswer } | { first: T };
    try {
      claimed = await this.queue.run(async (trx) => {
        const run = sqlRunner(trx, database.dialect);
        // The claim is a row of its own here (on both dialects), committed before the call.
        const inserted = await run.run(
          `insert into idempotency_keys (user_id, key, request_hash, created_at) values (?, ?, ?, ?)
           on conflict (user_id, key) do nothing`,
          [key.userId, key.key, key.requestHash, nowMs],
        );
        if (inserted === 0) {
          const stored = await run.get<StoredRow>(SELECT_STORED, [key.userId, key.key]);
          if (!stored) throw new AppError('CONFLICT');
          return { replay: answerOfRow(stored, key) };
        }
        if (config.DUPLICATE_SUBMIT_WINDOW_MS > 0) {
          const recent = await run.get<{ key: string }>(SELECT_RECENT, [
            key.userId,
            key.requestHash,
            nowMs - config.DUPLICATE_SUBMIT_WINDOW_MS,
            key.key,
          ]);
          if (recent) throw new AppError('DUPLICATE_SUBMIT');
        }
        return { first: await command.unit(trx, key) };
      });
    } catch (error) {
      await this.storeRefusal(key, command, error);
      throw error;
    }
    if ('replay' in claimed) return { answer: claimed.replay, replayed: true, result: undefined };
    let events = new AfterCommit();
    let outcome: UnitOutcome<R>;
    try {
      const external = await command.call(claimed.first);
      outcome = await this.queue.run(async (trx) => {
        events = new AfterCommit(); // each attempt its own (see execute)
        const result = await command.finish(trx, claimed.first, external, events);
        const answer = command.answer(result);
        await trx
          .updateTable('idempotencyKeys')
          .set({ statusCode: answer.statusCode, responseBody: answer.body })
          .where('userId', '=', key.userId)
          .where('key', '=', key.key)
          .execute();
        return { kind: 'done' as const, answer, result };
      });
    } catch (error) {
      await this.releaseClaim(key, command, error);
      throw error;
    }
    return this.settle(outcome, events, command);
  }

  /**
   * The stored answer under this key (committed data), IDEMPOTENCY_KEY_REUSED for another body,
   * CONFLICT while it is in flight; with `duplicates`, DUPLICATE_SUBMIT for the same body under
   * another key within the window. Null when the request is new.
   */
  private async lookUp(key: MoneyKey, nowMs: number, duplicates: boolean): Promise<StoredAnswer | null> {
    const reader = readRunner(this.deps.database);
    const stored = await reader.get<StoredRow>(SELECT_STORED, [key.userId, key.key]);
    if (stored) return answerOfRow(stored, key);
    const windowMs = this.deps.config.DUPLICATE_SUBMIT_WINDOW_MS;
    if (duplicates && windowMs > 0) {
      const recent = await reader.get<{ key: string }>(SELECT_RECENT, [
        key.userId,
        key.requestHash,
        nowMs - windowMs,
        key.key,
      ]);
      if (recent) throw new AppError('DUPLICATE_SUBMIT');
    }
    return null;
  }

  /**
   * Runs the command's checks. A refusal is stored as the answer — unless an answer is stored
   * already, which a replay gets instead (even if its trading password no longer passes).
   */
  private async runChecks<T>(command: CommandBase<T>, key: MoneyKey): Promise<MoneyAnswer<T> | null> {
    if (!command.check) return null;
    try {
      await command.check();
      return null;
    } catch (error) {
      const reader = readRunner(this.deps.database);
      const stored = await reader.get<StoredRow>(SELECT_STORED, [key.userId, key.key]);
      if (stored && stored.statusCode !== null && stored.responseBody !== null) {
        return { answer: answerOfRow(stored, key), replayed: true, result: undefined };
      }
      await this.storeRefusal(key, command, error);
      throw error;
    }
  }

  /** Stores a refusal as the key's answer (nothing was written, so on its own); others free the key. */
  private async storeRefusal(
    key: MoneyKey,
    command: { refusal: (error: AppError) => StoredAnswer },
    error: unknown,
  ): Promise<void> {
    if (!storableRefusal(error)) return;
    const answer = command.refusal(error);
    await this.deps.database.db
      .insertInto('idempotencyKeys')
      .values({
        userId: key.userId,
        key: key.key,
        requestHash: key.requestHash,
        statusCode: answer.statusCode,
        responseBody: answer.body,
        createdAt: this.deps.clock.nowMs(),
      })
      .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
      .execute();
  }

  /** After a failure between the two transactions of an ExternalCommand: the refusal, or a free key. */
  private async releaseClaim(
    key: MoneyKey,
    command: { refusal: (error: AppError) => StoredAnswer },
    error: unknown,
  ): Promise<void> {
    const where = this.deps.database.db
      .updateTable('idempotencyKeys')
      .where('userId', '=', key.userId)
      .where('key', '=', key.key);
    if (storableRefusal(error)) {
      const answer = command.refusal(error);
      await where.set({ statusCode: answer.statusCode, responseBody: answer.body }).execute();
      return;
    }
    await this.deps.database.db
      .deleteFrom('idempotencyKeys')
      .where('userId', '=', key.userId)
      .where('key', '=', key.key)
      .execute();
  }

  /** After the commit: events out, old answers purged now and then. */
  private async settle<T>(
    outcome: UnitOutcome<T>,
    events: AfterCommit | null,
    command: CommandBase<T>,
  ): Promise<MoneyAnswer<T>> {
    if (outcome.kind === 'replay') return { answer: outcome.answer, replayed: true, result: undefined };
    events?.release();
    command.afterCommit?.(outcome.result);
    if (Date.now() - this.lastPurgeRealMs >= PURGE_EVERY_MS) {
      this.lastPurgeRealMs = Date.now();
      await this.deps.database.db
        .deleteFrom('idempotencyKeys')
        .where('createdAt', '<', this.deps.clock.nowMs() - KEEP_MS)
        .execute();
    }
    return { answer: outcome.answer, replayed: false, result: outcome.result };
  }
}

const pipelines = new WeakMap<object, MoneyCommands>();

/** The pipeline of an app context, created on first use (one write queue per context). */
export function moneyCommands(ctx: {
  database: DatabaseHandle;
  clock: Clock;
  config: { DUPLICATE_SUBMIT_WINDOW_MS: number; TRADE_GROUP_COMMIT_MAX_BATCH: number };
}): MoneyCommands {
  let pipeline = pipelines.get(ctx);
  if (!pipeline) {
    pipeline = new MoneyCommands(ctx);
    pipelines.set(ctx, pipeline);
  }
  return pipeline;
}
