import type { Language } from '@bourse/shared/languages';
import type { OperatorRole } from '@bourse/shared/schemas/admin';
import type { FastifyRequest } from 'fastify';
import type { OperatorPrincipal, SessionPrincipal } from './principals.ts';
import { AppError } from './errors.ts';

/** Who may call a route. Every /api route must say so; there is no default. */
export type RouteAuth = 'public' | 'user' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** For operator routes: the roles allowed (any one suffices). */
    roles?: readonly OperatorRole[];
    /** A route that changes state on behalf of an operator writes its own audit line; reads do not. */
  }
  interface FastifyRequest {
    lang: Language;
    principal: SessionPrincipal | null;
    operator: OperatorPrincipal | null;
  }
}

export function userOf(request: FastifyRequest): SessionPrincipal {
  if (!request.principal) throw new AppError('UNAUTHORIZED');
  return request.principal;
}

export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw new AppError('UNAUTHORIZED');
  return request.operator;
}

export function requestMeta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null, lang: request.lang };
}
