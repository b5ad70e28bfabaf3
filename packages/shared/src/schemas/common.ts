import { z } from 'zod';

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

/** A decimal amount on the wire: a string with at most two decimals and at most 12 integer digits. */
export const amountString = z
  .string()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/, 'must be a decimal string with at most 2 decimals');

export const isoDateTime = z.string();
