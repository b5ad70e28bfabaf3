import { grossValue } from '@bourse/shared/fees';
import { formatMinor, MAX_AMOUNT_MINOR, parseAmount } from '@bourse/shared/money';
import { formatPrice, isOnTick, parsePrice, tickSizeText } from '@bourse/shared/price';
import type {
  AdminBlockOffer,
  BlockOffer,
  BlockOfferBody,
  BlockOfferPatch,
  BlockOrder,
  BlockOrderStatus,
} from '@bourse/shared/schemas/blocktrade';
import { appendAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { sqlRunner } from '../../platform/db/sql-runner.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { MoneyUnit } from '../../platform/money-command.ts';
import { getVerifiedIdentity } from '../kyc/kyc.service.ts';
import { assertInstrumentTradable } from '../market/instruments.service.ts';
import { instrumentLabelsByIds, tradableInstrumentByCode, type InstrumentLabel } from '../market/market.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { openAcquiredLot } from '../trading/trading.service.ts';
import { verifyTradingPassword } from '../users/trading-password.service.ts';
import { notifyInvestor, phonesByUserId } from '../users/users.service.ts';
import * as repo from './blocktrade.repository.ts';
import type { BlockOfferRow, BlockOrderRow } from './blocktrade.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

/** The most shares one block order may take (the offer's own limit is its available quantity). */
const MAX_BLOCK_SHARES = 1e12;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface OperatorAct {
  operator: { operatorId: number; username: string };
  ip: string | null;
}

async function labelsFor(db: Db | Trx, ctx: AppContext, instrumentIds: readonly number[]) {
  const labels = await instrumentLabelsByIds(sqlRunner(db, ctx.database.dialect), instrumentIds);
  return (instrumentId: number): InstrumentLabel => {
    const label = labels.get(Number(instrumentId));
    invariant(label, 'an offer’s instrument exists');
    return label;
  };
}

function toOffer(row: BlockOfferRow, label: InstrumentLabel): BlockOffer {
  return {
    id: Number(row.id),
    code: label.code,
    name: label.name,
    price: formatPrice(Number(row.priceTicks)),
    minQuantity: Number(row.minQuantity),
    availableQuantity: Number(row.availableQuantity),
    totalQuantity: Number(row.totalQuantity),
    startsAt: new Date(Number(row.startsAt)).toISOString(),
    endsAt: new Date(Number(row.endsAt)).toISOString(),
    status: row.status as BlockOffer['status'],
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}

function toOrder(row: BlockOrderRow, label: InstrumentLabel): BlockOrder {
  const status = row.status as BlockOrderStatus;
  return {
    id: Number(row.id),
    offerId: Number(row.offerId),
    code: label.code,
    name: label.name,
    price: formatPrice(Number(row.priceTicks)),
    quantity: Number(row.quantity),
    amount: formatMinor(Number(row.amountMinor)),
    status,
    reason: row.reason,
    positionId: row.positionId === null ? null : Number(row.positionId),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    decidedAt: iso(row.decidedAt === null ? null : Number(row.decidedAt)),
    approvals: status === 'approved' ? Number(row.approvalsRequired) : row.approvedBy === null ? 0 : 1,
    approvalsRequired: Number(row.approvalsRequired),
  };
}

/** Whether an offer takes orders at `nowMs`: open, and inside its window. */
function takesOrders(offer: BlockOfferRow, nowMs: number): boolean {
  return offer.status === 'open' && Number(offer.startsAt) <= nowMs && nowMs < Number(offer.endsAt);
}

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

/** An offer's price lies on the exchange's price grid, as an order's limit price must. */
function checkOnTick(priceTicks: number): void {
  if (!isOnTick(priceTicks)) throw new AppError('PRICE_OFF_TICK', { tick: tickSizeText(priceTicks) });
}

/**
 * An operator lists an offer of a listed share (never an index) at a price, with a minimum and a
 * total quantity and a window that ends in the future; audited in the caller's transaction.
 */
export async function createOffer(ctx: AppContext, trx: Trx, input: OperatorAct & { body: BlockOfferBody }) {
  const { body } = input;
  const nowMs = ctx.clock.nowMs();
  const priceTicks = parsePrice(body.price);
  if (priceTicks === null || priceTicks <= 0) throw new AppError('VALIDATION_FAILED', { detail: 'price' });
  checkOnTick(priceTicks);
  const instrument = await tradableInstrumentByCode(sqlRunner(trx, ctx.database.dialect), body.code);
  if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND');
  assertInstrumentTradable(instrument);
  if (instrument.status !== 'listed') throw new AppError('INSTRUMENT_NOT_LISTED');
  if (body.minQuantity > body.totalQuantity) throw new AppError('BLOCK_MINIMUM_ABOVE_TOTAL');
  const startsAt = Date.parse(body.startsAt);
  const endsAt = Date.parse(body.endsAt);
  if (!(endsAt > startsAt) || endsAt <= nowMs) throw new AppError('BLOCK_OFFER_WINDOW_INVALID');
  if (grossValue(priceTicks, body.totalQuantity) > BigInt(MAX_AMOUNT_MINOR))
    throw new AppError('ORDER_VALUE_TOO_LARGE');
  const row = await repo.insertOffer(trx, {
    instrumentId: instrument.id,
    priceTicks,
    minQuantity: body.minQuantity,
    totalQuantity: body.totalQuantity,
    startsAt,
    endsAt,
    createdBy: input.operator.operatorId,
    nowMs,
  });
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'blocktrade.offer.create',
    target: String(row.id),
    details: { ...body },
    ip: input.ip,
    atMs: nowMs,
  });
  return toOffer(row, instrument);
}

/** Offers as the console sees them, each with its undecided orders. */
async function describeOffersForConsole(
  ctx: AppContext,
  db: Db | Trx,
  rows: BlockOfferRow[],
): Promise<AdminBlockOffer[]> {
  // One after the other: inside a transaction both run on its one connection.
  const label = await labelsFor(
    db,
    ctx,
    rows.map((row) => Number(row.instrumentId)),
  );
  const pending = await repo.pendingByOffer(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const waiting = pending.get(Number(row.id));
    return {
      ...toOffer(row, label(Number(row.instrumentId))),
      pendingOrders: waiting?.orders ?? 0,
      pendingQuantity: waiting?.quantity ?? 0,
    };
  });
}

/** The console's list of offers, newest first. */
export async function listOffersForConsole(ctx: AppContext, filter: { page: number; pageSize: number }) {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageOffers(db, filter);
  return {
    items: await describeOffersForConsole(ctx, db, rows),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The terms an edit may change, as stored. */
interface OfferTerms {
  priceTicks: number;
  minQuantity: number;
  availableQuantity: number;
  startsAt: number;
  endsAt: number;
}

/** Terms that investors' pending orders were placed on: they stay while any is undecided. */
const LOCKED_WHILE_PENDING: ReadonlyArray<keyof OfferTerms> = ['priceTicks', 'minQuantity'];

/**
 * An operator changes an open offer's price, minimum, available quantity or window (only the fields
 * sent), with the creation's checks, in the caller's transaction, audited with each change's from
 * and to. Price and minimum are refused (BLOCK_OFFER_TERMS_LOCKED) while orders placed on them are
 * pending: investors ordered on those terms. The available quantity may go down to 0, even below
 * what pending orders ask for: their cash is held, not their shares, and approving one is refused
 * when fewer shares are left (BLOCK_QUANTITY_UNAVAILABLE), so the operator then rejects it. What
 * approvals already took stays counted in the total. A closed, cancelled or ended offer is
 * BLOCK_OFFER_NOT_EDITABLE.
 */
export async function editOffer(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & { offerId: number; patch: BlockOfferPatch },
): Promise<AdminBlockOffer> {
  const { patch } = input;
  const nowMs = ctx.clock.nowMs();
  // Ordering locks the offer too, so the pending orders counted below cannot grow meanwhile.
  const row = await repo.lockOffer(trx, ctx.database.dialect, input.offerId);
  if (!row) throw new AppError('BLOCK_OFFER_NOT_FOUND');
  if (row.status !== 'open' || Number(row.endsAt) <= nowMs) throw new AppError('BLOCK_OFFER_NOT_EDITABLE');
  const before: OfferTerms = {
    priceTicks: Number(row.priceTicks),
    minQuantity: Number(row.minQuantity),
    availableQuantity: Number(row.availableQuantity),
    startsAt: Number(row.startsAt),
    endsAt: Number(row.endsAt),
  };
  let priceTicks = before.priceTicks;
  if (patch.price !== undefined) {
    const parsed = parsePrice(patch.price);
    if (parsed === null || parsed <= 0) throw new AppError('VALIDATION_FAILED', { detail: 'price' });
    checkOnTick(parsed);
    priceTicks = parsed;
  }
  const after: OfferTerms = {
    priceTicks,
    minQuantity: patch.minQuantity ?? before.minQuantity,
    availableQuantity: patch.availableQuantity ?? before.availableQuantity,
    startsAt: patch.startsAt === undefined ? before.startsAt : Date.parse(patch.startsAt),
    endsAt: patch.endsAt === undefined ? before.endsAt : Date.parse(patch.endsAt),
  };
  const changed = (Object.keys(after) as Array<keyof OfferTerms>).filter((key) => after[key] !== before[key]);
  if (changed.length === 0) {
    const [unchanged] = await describeOffersForConsole(ctx, trx, [row]);
    invariant(unchanged, 'one offer in, one out');
    return unchanged;
  }

  const locked = changed.filter((key) => LOCKED_WHILE_PENDING.includes(key));
  if (locked.length > 0) {
    const pending = (await repo.pendingByOffer(trx, [Number(row.id)])).get(Number(row.id));
    if (pending && pending.orders > 0) {
      throw new AppError('BLOCK_OFFER_TERMS_LOCKED', { orders: pending.orders, fields: locked.join(', ') });
    }
  }
  const taken = Number(row.totalQuantity) - before.availableQuantity;
  const totalQuantity = taken + after.availableQuantity;
  if (after.minQuantity > totalQuantity) throw new AppError('BLOCK_MINIMUM_ABOVE_TOTAL');
  if (changed.includes('startsAt') || changed.includes('endsAt')) {
    if (!(after.endsAt > after.startsAt) || after.endsAt <= nowMs) throw new AppError('BLOCK_OFFER_WINDOW_INVALID');
  }
  if (grossValue(after.priceTicks, totalQuantity) > BigInt(MAX_AMOUNT_MINOR)) {
    throw new AppError('ORDER_VALUE_TOO_LARGE');
  }
  const moved = await repo.updateOpenOffer(trx, row.id, { ...after, totalQuantity, updatedAt: nowMs });
  invariant(moved, 'the locked offer is still open');

  const shown = (key: keyof OfferTerms, value: number): unknown =>
    key === 'priceTicks' ? formatPrice(value) : key === 'startsAt' || key === 'endsAt' ? iso(value) : value;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of changed) {
    changes[key === 'priceTicks' ? 'price' : key] = { from: shown(key, before[key]), to: shown(key, after[key]) };
  }
  if (totalQuantity !== Number(row.totalQuantity)) {
    changes.totalQuantity = { from: Number(row.totalQuantity), to: totalQuantity };
  }
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'blocktrade.offer.update',
    target: String(row.id),
    details: { changes },
    ip: input.ip,
    atMs: nowMs,
  });
  const [edited] = await describeOffersForConsole(ctx, trx, [{ ...row, ...after, totalQuantity, updatedAt: nowMs }]);
  invariant(edited, 'one offer in, one out');
  return edited;
}

/**
 * An operator withdraws an offer, in the caller's (unkeyed money command's) transaction: it becomes
 * `cancelled` and takes no more orders, and every pending order on it is rejected with the reason as
 * a rejection would be — hold voided, investor notified, audited — with one audit line for the
 * offer. A closed offer may be cancelled too (its pending orders are rejected alike). A second
 * cancellation is BLOCK_OFFER_ALREADY_CANCELLED and changes nothing.
 */
export async function cancelOffer(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & { offerId: number; reason: string },
): Promise<AdminBlockOffer> {
  const nowMs = ctx.clock.nowMs();
  const row = await repo.lockOffer(trx, ctx.database.dialect, input.offerId);
  if (!row) throw new AppError('BLOCK_OFFER_NOT_FOUND');
  if (row.status === 'cancelled') throw new AppError('BLOCK_OFFER_ALREADY_CANCELLED');
  const moved = await repo.markOfferCancelled(trx, row.id, nowMs);
  invariant(moved, 'the locked offer was open or closed');
  const label = (await labelsFor(trx, ctx, [Number(row.instrumentId)]))(Number(row.instrumentId));
  const pending = await repo.lockPendingOrdersOfOffer(trx, ctx.database.dialect, Number(row.id));
  let releasedMinor = 0;
  for (const order of pending) {
    await rejectPendingOrder(ctx, trx, {
      row: order,
      label,
      reason: input.reason,
      operator: input.operator,
      ip: input.ip,
      nowMs,
      auditDetails: { offerCancelled: true },
    });
    releasedMinor += Number(order.amountMinor);
  }
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'blocktrade.offer.cancel',
    target: String(row.id),
    details: {
      code: label.code,
      reason: input.reason,
      from: row.status,
      rejectedOrders: pending.map((order) => Number(order.id)),
      released: formatMinor(releasedMinor),
    },
    ip: input.ip,
    atMs: nowMs,
  });
  const [cancelled] = await describeOffersForConsole(ctx, trx, [{ ...row, status: 'cancelled', updatedAt: nowMs }]);
  invariant(cancelled, 'one offer in, one out');
  return cancelled;
}

/** Orders with their offers' instruments (one look-up each for the page). */
async function describeOrders(ctx: AppContext, db: Db | Trx, rows: BlockOrderRow[]) {
  const offers = new Map(
    (
      await repo.offersByIds(
        db,
        rows.map((row) => Number(row.offerId)),
      )
    ).map((offer) => [Number(offer.id), offer]),
  );
  const label = await labelsFor(
    db,
    ctx,
    [...offers.values()].map((offer) => Number(offer.instrumentId)),
  );
  return rows.map((row) => {
    const offer = offers.get(Number(row.offerId));
    invariant(offer, 'an order’s offer exists');
    return toOrder(row, label(Number(offer.instrumentId)));
  });
}

/** The console's approval queue (pending oldest first), each order with its investor's phone. */
export async function listOrdersForConsole(
  ctx: AppContext,
  filter: { status?: BlockOrderStatus | undefined; page: number; pageSize: number },
) {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageOrders(db, filter);
  const [orders, phones] = await Promise.all([
    describeOrders(ctx, db, rows),
    phonesByUserId(
      db,
      rows.map((row) => Number(row.userId)),
    ),
  ]);
  return {
    items: orders.map((order, i) => {
      const userId = Number(rows[i]?.userId);
      return { ...order, userId, phone: phones.get(userId) ?? '' };
    }),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * An operator decides a pending order, in the caller's transaction (a money command's), with its
 * audit line and the investor's notification. Approve: with two different operators where it
 * required two when it was ordered (the first only records the approval); then the shares are taken
 * from the offer (BLOCK_QUANTITY_UNAVAILABLE when fewer are left), the hold is captured to market
 * settlement — where a buy's cash goes — and the shares become a lot at the offer price. Reject:
 * the hold is released, with the reason.
 */
export async function decideOrder(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & { orderId: number; decision: 'approve' | 'reject'; reason?: string | undefined },
) {
  const { operator } = input;
  const nowMs = ctx.clock.nowMs();
  // The offer is locked before the order, as ordering and cancelling an offer do (no deadlock).
  const found = await repo.findOrder(trx, input.orderId);
  if (!found) throw new AppError('BLOCK_ORDER_NOT_FOUND');
  const offer = await repo.lockOffer(trx, ctx.database.dialect, Number(found.offerId));
  invariant(offer, 'an order’s offer exists');
  const row = await repo.lockOrder(trx, ctx.database.dialect, input.orderId);
  invariant(row, 'an order is never deleted');
  if (row.status !== 'pending') throw new AppError('BLOCK_ORDER_NOT_PENDING');
  const label = (await labelsFor(trx, ctx, [Number(offer.instrumentId)]))(Number(offer.instrumentId));
  const audit = (action: string, details: Record<string, unknown>) =>
    appendAudit(trx, {
      operatorId: operator.operatorId,
      operatorUsername: operator.username,
      action,
      target: String(row.id),
      details: { amount: formatMinor(Number(row.amountMinor)), quantity: Number(row.quantity), ...details },
      ip: input.ip,
      atMs: nowMs,
    });
  const amountMinor = Number(row.amountMinor);
  const quantity = Number(row.quantity);

  if (input.decision === 'approve') {
    if (Number(row.approvalsRequired) >= 2) {
      if (row.approvedBy === null) {
        await repo.recordFirstApproval(trx, row.id, operator.operatorId, nowMs);
        await audit('blocktrade.order.approve', { approvals: 1 });
        return toOrder({ ...row, approvedBy: operator.operatorId, approvedAt: nowMs }, label);
      }
      if (Number(row.approvedBy) === operator.operatorId) throw new AppError('FOUR_EYES_REQUIRED');
    }
    if (!(await repo.takeFromOffer(trx, offer.id, quantity, nowMs))) {
      throw new AppError('BLOCK_QUANTITY_UNAVAILABLE', { available: Number(offer.availableQuantity) });
    }
    await ctx.ledger.capture(trx, {
      holdId: Number(row.holdId),
      amountMinor,
      to: { system: 'market_settlement' },
      idempotencyKey: `block-order:${row.id}:approved`,
      kind: 'blocktrade.buy',
    });
    const positionId = await openAcquiredLot(ctx, trx, {
      userId: Number(row.userId),
      instrumentId: Number(offer.instrumentId),
      quantity,
      priceTicks: Number(row.priceTicks),
      costMinor: amountMinor,
      acquiredAt: nowMs,
    });
    await repo.decideOrderRow(trx, row.id, {
      status: 'approved',
      reason: null,
      positionId,
      decidedAt: nowMs,
      decidedBy: operator.operatorId,
    });
    await notifyInvestor(ctx, trx, Number(row.userId), 'notify.blockOrderApproved', {
      quantity: String(quantity),
      name: label.name,
      price: formatPrice(Number(row.priceTicks)),
      amount: formatMinor(amountMinor),
      reason: '',
    });
    await audit('blocktrade.order.approved', { positionId });
    return toOrder({ ...row, status: 'approved', positionId, decidedAt: nowMs, decidedBy: operator.operatorId }, label);
  }

  const reason = input.reason ?? '';
  invariant(reason.length > 0, 'a rejection has a reason');
  return rejectPendingOrder(ctx, trx, { row, label, reason, operator, ip: input.ip, nowMs, auditDetails: {} });
}

/** Rejects a pending order: the hold voided, the row decided, the investor told, the audit line written. */
async function rejectPendingOrder(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & {
    row: BlockOrderRow;
    label: InstrumentLabel;
    reason: string;
    nowMs: number;
    auditDetails: Record<string, unknown>;
  },
): Promise<BlockOrder> {
  const { row, label, reason, nowMs, operator } = input;
  const amountMinor = Number(row.amountMinor);
  const quantity = Number(row.quantity);
  await ctx.ledger.void(trx, {
    holdId: Number(row.holdId),
    idempotencyKey: `block-order:${row.id}:rejected`,
    kind: 'blocktrade.rejected',
  });
  await repo.decideOrderRow(trx, row.id, {
    status: 'rejected',
    reason,
    positionId: null,
    decidedAt: nowMs,
    decidedBy: operator.operatorId,
  });
  await notifyInvestor(ctx, trx, Number(row.userId), 'notify.blockOrderRejected', {
    quantity: String(quantity),
    name: label.name,
    price: formatPrice(Number(row.priceTicks)),
    amount: formatMinor(amountMinor),
    reason,
  });
  await appendAudit(trx, {
    operatorId: operator.operatorId,
    operatorUsername: operator.username,
    action: 'blocktrade.order.reject',
    target: String(row.id),
    details: { amount: formatMinor(amountMinor), quantity, reason, ...input.auditDetails },
    ip: input.ip,
    atMs: nowMs,
  });
  return toOrder({ ...row, status: 'rejected', reason, decidedAt: nowMs, decidedBy: operator.operatorId }, label);
}

// ── the investor ────────────────────────────────────────────────────────────────────────────────────

/** Offers taking orders now, ending soonest first. */
export async function listOpenOffers(ctx: AppContext): Promise<BlockOffer[]> {
  const db = ctx.database.db;
  const rows = await repo.openOffersAt(db, ctx.clock.nowMs());
  const label = await labelsFor(
    db,
    ctx,
    rows.map((row) => Number(row.instrumentId)),
  );
  return rows.map((row) => toOffer(row, label(Number(row.instrumentId))));
}

/** The investor's block orders (records), newest first. */
export async function listOwnOrders(
  ctx: AppContext,
  filter: { userId: number; status?: BlockOrderStatus | undefined; page: number; pageSize: number },
) {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageUserOrders(db, filter);
  return { items: await describeOrders(ctx, db, rows), total, page: filter.page, pageSize: filter.pageSize };
}

/** One of the investor's orders; someone else's looks exactly like none (404, never 403). */
export async function getOwnOrder(ctx: AppContext, userId: number, orderId: number): Promise<BlockOrder> {
  const db = ctx.database.db;
  const row = await repo.findUserOrder(db, userId, orderId);
  if (!row) throw new AppError('BLOCK_ORDER_NOT_FOUND');
  const [order] = await describeOrders(ctx, db, [row]);
  invariant(order, 'one order in, one out');
  return order;
}

/** The quantity as the investor sent it, checked: a whole number of shares, at least one. */
function checkedQuantity(quantity: number): number {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) throw new AppError('QUANTITY_NOT_WHOLE');
  if (quantity <= 0) throw new AppError('QUANTITY_NOT_POSITIVE');
  if (quantity > MAX_BLOCK_SHARES) throw new AppError('QUANTITY_TOO_LARGE');
  return quantity;
}

/** The offer's rules for an order of `quantity` shares at `nowMs`. */
function checkAgainstOffer(offer: BlockOfferRow | undefined, quantity: number, nowMs: number): BlockOfferRow {
  if (!offer) throw new AppError('BLOCK_OFFER_NOT_FOUND');
  if (!takesOrders(offer, nowMs)) throw new AppError('BLOCK_OFFER_CLOSED');
  if (quantity < Number(offer.minQuantity))
    throw new AppError('BLOCK_BELOW_MINIMUM', { minimum: Number(offer.minQuantity) });
  if (quantity > Number(offer.availableQuantity)) {
    throw new AppError('BLOCK_QUANTITY_UNAVAILABLE', { available: Number(offer.availableQuantity) });
  }
  return offer;
}

/**
 * An investor orders shares of an offer: identity verified, a whole quantity within the offer's
 * minimum and what is left, inside its window, the trading password (checked before the
 * transaction, its failures counted apart); then quantity × price (half-up to the cent, as a trade's
 * gross) is held, with the order row, in the command's transaction. How many operators must approve
 * it is fixed now (two at or above the four-eyes threshold).
 */
export function placeOrder(
  ctx: AppContext,
  input: { userId: number; offerId: number; quantity: number; tradingPassword: string; price?: string | undefined },
): MoneyUnit<BlockOrder> {
  /** The price the investor was shown, when sent, must still be the offer's. */
  const checkShownPrice = (priceTicks: number) => {
    if (input.price !== undefined && parsePrice(input.price) !== priceTicks) {
      throw new AppError('BLOCK_PRICE_CHANGED', { price: formatPrice(priceTicks) });
    }
  };
  return {
    check: async () => {
      const db = ctx.database.db;
      const quantity = checkedQuantity(input.quantity);
      if (!(await getVerifiedIdentity(db, input.userId))) throw new AppError('KYC_REQUIRED');
      const offer = checkAgainstOffer(await repo.findOffer(db, input.offerId), quantity, ctx.clock.nowMs());
      checkShownPrice(Number(offer.priceTicks));
      const amountMinor = grossValue(Number(offer.priceTicks), quantity);
      if (amountMinor > BigInt(MAX_AMOUNT_MINOR)) throw new AppError('ORDER_VALUE_TOO_LARGE');
      await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
    },
    unit: async (trx, _events, key) => {
      const nowMs = ctx.clock.nowMs();
      const quantity = checkedQuantity(input.quantity);
      // Locked so that an edit of its terms or its cancellation cannot interleave with the order.
      const offer = checkAgainstOffer(await repo.lockOffer(trx, ctx.database.dialect, input.offerId), quantity, nowMs);
      const priceTicks = Number(offer.priceTicks);
      // Again under the lock: an edit may have landed since the check.
      checkShownPrice(priceTicks);
      const amountMinor = Number(grossValue(priceTicks, quantity));
      // From the amount held: an operator may have changed the price since the check.
      const threshold = parseAmount((await getSettings(trx)).fourEyesThreshold) ?? 0;
      const approvalsRequired = threshold > 0 && amountMinor >= threshold ? 2 : 1;
      const holdId = await ctx.ledger.hold(trx, {
        userId: input.userId,
        amountMinor,
        reason: 'blocktrade',
        idempotencyKey: `block-order:${input.userId}:${key.key}@${nowMs}:hold`,
      });
      const row = await repo.insertOrder(trx, {
        offerId: offer.id,
        userId: input.userId,
        quantity,
        priceTicks,
        amountMinor,
        holdId,
        approvalsRequired,
        requestKey: key.key,
        createdAt: nowMs,
      });
      const label = await labelsFor(trx, ctx, [Number(offer.instrumentId)]);
      return toOrder(row, label(Number(offer.instrumentId)));
    },
  };
}

/** The investor's block-trade orders for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const rows = await repo.blockOrdersOfUser(db, userId);
  return { blockOrders: rows.map((row) => exportRow(row, ['requestKey', 'decidedBy', 'approvedBy'])) };
}
