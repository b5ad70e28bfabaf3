import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';

/**
 * The rate limit of a money write (deposit, transfer, withdrawal): per investor, as orders are
 * limited (trading.routes.ts), so investors behind one carrier NAT or office proxy do not throttle
 * each other; with `REDIS_URL` the counters are shared by every instance. On top of it one generous
 * ceiling per address over all money writes together, against a single source opening many accounts:
 * a request from an address over its ceiling is given a limit of 0, so it is refused (429
 * RATE_LIMITED) like any call over its investor's limit. Runs before the body is read or the
 * Idempotency-Key claimed, after the session is known.
 */
export function moneyWriteRateLimit(app: FastifyInstance, ctx: AppContext): RateLimitOptions {
  const perAddress = app.createRateLimit({
    max: ctx.config.MONEY_WRITES_PER_IP_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `money-ip:${request.ip}`,
  });
  return {
    timeWindow: 60_000,
    hook: 'preValidation',
    keyGenerator: (request: FastifyRequest) => `money:${request.principal?.userId ?? request.ip}`,
    max: async (request: FastifyRequest) => {
      const address = await perAddress(request);
      return !address.isAllowed && address.isExceeded ? 0 : ctx.config.MONEY_WRITES_PER_MINUTE;
    },
  };
}
