import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler.ts';
import type { AppError } from './errors.ts';
import { userOf } from './fastify-types.ts';
import type { KeyedRequest, MoneyAnswer, StoredAnswer } from './money-command.ts';

/** The HTTP side of a money command (platform/money-command.ts): what routes hand it and send back. */

/** The investor's request as the pipeline claims it: the Idempotency-Key header, route and body. */
export function keyedRequest(request: FastifyRequest): KeyedRequest {
  return {
    userId: userOf(request).userId,
    header: request.headers['idempotency-key'],
    method: request.method,
    url: request.routeOptions.url ?? '',
    params: request.params,
    body: request.body,
  };
}

/** How a refusal of this request is stored: the error envelope the error handler would send. */
export function refusalOf(request: FastifyRequest): (error: AppError) => StoredAnswer {
  return (error) => ({ statusCode: error.status, body: JSON.stringify(errorBody(request, error)) });
}

/** Sends the pipeline's answer byte for byte as stored (a replay is identical to the first answer). */
export function sendMoneyAnswer(reply: FastifyReply, outcome: MoneyAnswer<unknown>): FastifyReply {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.answer.statusCode).type('application/json; charset=utf-8').send(outcome.answer.body);
}
