import { z } from 'zod';
import { AMOUNT_PATTERN } from '../money.ts';

/** Success envelope of DESIGN §5. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(1), msg: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  error: z.string(),
  msg: z.string(),
  data: z.null(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type OkEnvelope<T> = { code: 1; msg: string; data: T };

/** A decimal amount string (no floats, at most 2 decimals and 12 integer digits). Never coerced. */
export const amount = z.string().regex(AMOUNT_PATTERN, 'must be a decimal string like "100.00"');

/** A numeric `:id` path parameter. */
export const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The query of a paged list: `page` from 1, `pageSize` up to 200. */
export const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** One page of a list, with the total count. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** An operator's refusal (a withdrawal, an identity check, a freeze): the reason is required. */
export const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

export const isoDateTime = z.string();
