import type { OperatorRole } from '@bourse/shared/schemas/admin';

/** Who a request acts for, once auth has read its session: an investor. Set by the auth hook. */
export interface SessionPrincipal {
  userId: number;
  sessionId: number;
}

/** An operator signed in to the console, with the roles the session carries. */
export interface OperatorPrincipal {
  operatorId: number;
  username: string;
  roles: OperatorRole[];
  sessionId: number;
}
