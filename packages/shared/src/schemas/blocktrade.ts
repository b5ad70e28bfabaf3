import { z } from 'zod';
import { PRICE_PATTERN } from '../price.ts';
import { pageQuery } from './common.ts';
import { instrumentCode } from './market.ts';

/**
 * Block trades on the wire (DESIGN §4 "Block trades"): an operator lists an offer of an instrument
 * at a price, with a minimum and an available quantity and a window; an investor orders (cash held);
 * an operator approves (the shares become a position lot, the cash is captured) or rejects (the hold
 * is released).
 */
export const blockOfferStatus = z.enum(['open', 'closed', 'cancelled']);
export type BlockOfferStatus = z.infer<typeof blockOfferStatus>;

export const blockOffer = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  price: z.string(),
  /** The smallest order, in shares. */
  minQuantity: z.number().int(),
  /** Shares still to be had (approved orders take from it). */
  availableQuantity: z.number().int(),
  /** Shares offered in all. */
  totalQuantity: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: blockOfferStatus,
  createdAt: z.string(),
});
export type BlockOffer = z.infer<typeof blockOffer>;

export const blockOrderStatus = z.enum(['pending', 'approved', 'rejected']);
export type BlockOrderStatus = z.infer<typeof blockOrderStatus>;

export const blockOrder = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  code: z.string(),
  name: z.string(),
  price: z.string(),
  quantity: z.number().int(),
  /** Held at ordering: quantity × price. */
  amount: z.string(),
  status: blockOrderStatus,
  /** Why an operator rejected it. */
  reason: z.string().nullable(),
  /** The lot the shares became on approval. */
  positionId: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Operators' approvals so far, and how many it needs (two above the four-eyes threshold). */
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
});
export type BlockOrder = z.infer<typeof blockOrder>;

/**
 * `quantity` takes any number so the service can say precisely what is wrong with it. `price` is the
 * offer's price the investor was shown: an operator may change it (when no order is pending), and an
 * order sent with another price is refused (BLOCK_PRICE_CHANGED) rather than held at a price never seen.
 */
export const blockOrderBody = z.strictObject({
  quantity: z.number(),
  tradingPassword: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
  price: z.string().max(32).optional(),
});
export type BlockOrderBody = z.infer<typeof blockOrderBody>;

export const blockOrdersQuery = pageQuery.extend({ status: blockOrderStatus.optional() });

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

export const blockOfferBody = z.strictObject({
  code: instrumentCode,
  price: z.string().regex(PRICE_PATTERN, 'must be a decimal price with at most 4 decimals'),
  minQuantity: z.number().int().positive().max(1e12),
  totalQuantity: z.number().int().positive().max(1e12),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type BlockOfferBody = z.infer<typeof blockOfferBody>;

/**
 * An edit names what it changes, each field checked as at creation. `availableQuantity` (shares
 * still to be had) replaces the total: what approvals already took stays counted in the total.
 * Price and minimum are locked while orders placed on them are pending (BLOCK_OFFER_TERMS_LOCKED).
 */
export const blockOfferPatch = blockOfferBody
  .pick({ price: true, minQuantity: true, startsAt: true, endsAt: true })
  .extend({ availableQuantity: z.number().int().nonnegative().max(1e12) })
  .partial()
  .strict();
export type BlockOfferPatch = z.infer<typeof blockOfferPatch>;

/** An offer as the console sees it: with the orders still waiting for a decision on it. */
export const adminBlockOffer = blockOffer.extend({
  /** Undecided orders and the shares they ask for (their cash is held). */
  pendingOrders: z.number().int(),
  pendingQuantity: z.number().int(),
});
export type AdminBlockOffer = z.infer<typeof adminBlockOffer>;

export const adminBlockOrder = blockOrder.extend({ userId: z.number().int(), phone: z.string() });
export type AdminBlockOrder = z.infer<typeof adminBlockOrder>;
export const adminBlockOrdersQuery = pageQuery.extend({ status: blockOrderStatus.optional() });
