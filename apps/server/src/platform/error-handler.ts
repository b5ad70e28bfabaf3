import { ERROR_STATUS, type ErrorCode } from '@bourse/shared/errors';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { requestLanguage } from './i18n.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
};

/** Maps anything thrown to an AppError; unknown errors become INTERNAL and are logged in full. */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError> & { statusCode?: number };
  const mapped = e.code ? FASTIFY_CODES[e.code] : undefined;
  if (mapped) return new AppError(mapped);
  // secure-json-parse refuses __proto__ / constructor.prototype keys with a SyntaxError.
  if (error instanceof SyntaxError) return new AppError('MALFORMED_BODY');
  if (e.statusCode === 429) return new AppError('RATE_LIMITED');
  if (e.statusCode === 404) return new AppError('NOT_FOUND');
  if (e.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (e.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new AppError('MALFORMED_BODY');
  request.log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL');
}

/** The failure envelope of DESIGN §5 for an error, in the request's language. */
export function errorBody(request: FastifyRequest, appError: AppError) {
  const status = ERROR_STATUS[appError.code];
  return {
    code: status,
    error: appError.code,
    msg: translate(requestLanguage(request), `errors.${appError.code}` as MessageKey, appError.params),
    data: null,
    ...appError.extra,
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError) {
  return reply.status(ERROR_STATUS[appError.code]).send(errorBody(request, appError));
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, toAppError(error, request)));
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND')));
}
