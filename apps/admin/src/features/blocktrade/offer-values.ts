import { parsePrice } from '@bourse/shared/price';
import {
  blockOfferBody,
  type AdminBlockOffer,
  type BlockOfferBody,
  type BlockOfferPatch,
  type BlockOfferStatus,
} from '@bourse/shared/schemas/blocktrade';
import { isoToLocalInput, localInputToIso } from '../../lib/local-date-time.ts';

/** The server's largest quantity (`blockOfferBody`, `blockOfferPatch`). */
export const QUANTITY_MAX = 1e12;

/** Text as typed; times are the operator's wall clock (`YYYY-MM-DDTHH:mm`). */
export interface OfferFormValues {
  code?: string;
  price?: string;
  minQuantity?: string;
  /** Creation: the shares offered. */
  totalQuantity?: string;
  /** An edit: the shares still to be had. */
  availableQuantity?: string;
  startsAt?: string;
  endsAt?: string;
}

export const trimmed = (text: string | undefined) => text?.trim() ?? '';

export const isCode = (text: string) => blockOfferBody.shape.code.safeParse(text).success;
export const isPrice = (text: string) =>
  blockOfferBody.shape.price.safeParse(text).success && (parsePrice(text) ?? 0) > 0;
/** A whole number of shares from 1 (or from 0 where `zero` is allowed: the shares left). */
export const isQuantity = (text: string, options: { zero?: boolean } = {}) =>
  (options.zero ? /^(0|[1-9]\d{0,12})$/ : /^[1-9]\d{0,12}$/).test(text) && Number(text) <= QUANTITY_MAX;

/** Only an open offer's terms change; an open or closed one can be withdrawn (its pending orders rejected). */
export const isOfferEditable = (status: BlockOfferStatus) => status === 'open';
export const isOfferCancellable = (status: BlockOfferStatus) => status === 'open' || status === 'closed';

/** Price and minimum stay as they are while investors' orders placed on them wait for a decision. */
export const termsLocked = (offer: AdminBlockOffer) => offer.pendingOrders > 0;

/** Shares approvals already took: the total is these plus what is still available. */
export const takenOf = (offer: AdminBlockOffer) => offer.totalQuantity - offer.availableQuantity;

/** A new offer's body from the form. */
export function bodyOf(values: OfferFormValues): BlockOfferBody {
  return {
    code: trimmed(values.code),
    price: trimmed(values.price),
    minQuantity: Number(trimmed(values.minQuantity)),
    totalQuantity: Number(trimmed(values.totalQuantity)),
    startsAt: localInputToIso(trimmed(values.startsAt)) ?? '',
    endsAt: localInputToIso(trimmed(values.endsAt)) ?? '',
  };
}

/** The form's fields prefilled with an offer's terms. */
export function valuesOf(offer: AdminBlockOffer): OfferFormValues {
  return {
    price: offer.price,
    minQuantity: String(offer.minQuantity),
    availableQuantity: String(offer.availableQuantity),
    startsAt: isoToLocalInput(offer.startsAt),
    endsAt: isoToLocalInput(offer.endsAt),
  };
}

/** What the operator changed, and only that: a field left as prefilled is not sent. */
export function patchOf(offer: AdminBlockOffer, values: OfferFormValues): BlockOfferPatch {
  const before = valuesOf(offer);
  const patch: BlockOfferPatch = {};
  const price = trimmed(values.price);
  if (parsePrice(price) !== parsePrice(offer.price)) patch.price = price;
  const minQuantity = Number(trimmed(values.minQuantity));
  if (minQuantity !== offer.minQuantity) patch.minQuantity = minQuantity;
  const availableQuantity = Number(trimmed(values.availableQuantity));
  if (availableQuantity !== offer.availableQuantity) patch.availableQuantity = availableQuantity;
  for (const field of ['startsAt', 'endsAt'] as const) {
    const typed = trimmed(values[field]);
    if (typed !== before[field]) patch[field] = localInputToIso(typed) ?? '';
  }
  return patch;
}
