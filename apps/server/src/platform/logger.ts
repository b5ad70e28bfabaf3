import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * Paths pino blanks in every log line: credentials, session tokens, encrypted envelopes, codes and
 * identity numbers, wherever they appear in a logged object.
 */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.oldPassword',
  '*.tradingPassword',
  '*.loginPassword',
  '*.query',
  '*.token',
  '*.totp',
  '*.totpSecret',
  '*.idNumber',
  'body',
];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
