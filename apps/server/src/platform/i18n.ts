import { DEFAULT_LANGUAGE, resolveLanguage, type Language } from '@bourse/shared/languages';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request: the `lang` header (the app's stored choice) wins over
 * `accept-language`; German is the default.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const lang = request.headers['lang'];
  const accept = request.headers['accept-language'];
  return resolveLanguage(Array.isArray(lang) ? lang[0] : lang, accept) ?? DEFAULT_LANGUAGE;
}
