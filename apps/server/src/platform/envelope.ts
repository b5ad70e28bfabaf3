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

/**
 * The answer of a money route as it is stored and sent: the envelope around `data`, serialized
 * through the route's response schema exactly as Fastify would (so a replay is byte for byte the
 * first answer). Build it once per route.
 */
export function okAnswer<T extends z.ZodType>(data: T): (value: z.input<T>) => { statusCode: number; body: string } {
  const envelope = okResponse(data)[200];
  return (value) => ({ statusCode: 200, body: JSON.stringify(envelope.parse(ok(value))) });
}
