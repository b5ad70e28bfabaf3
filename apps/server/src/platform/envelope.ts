import { z } from 'zod';

/** The success envelope of DESIGN §5. */
export function ok<T>(data: T): { code: 1; msg: 'ok'; data: T } {
  return { code: 1, msg: 'ok', data };
}

/** Response schema for a route: status 200 carries the envelope around `data`. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: z.object({ code: z.literal(1), msg: z.string(), data }) };
}

export const nullData = z.null();
