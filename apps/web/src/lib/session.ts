import { loadedQueryClient } from './deferred-query-client';
import { useSessionStore } from './session-store';

/**
 * Ends the local session (logout, 401, password reset): forgets token and user, removes the stored
 * token and drops every cached answer, so nothing of this user is shown to the next one. No client loaded
 * yet (only the login was shown): nothing cached.
 */
export function endSession(): void {
  useSessionStore.getState().clearSession();
  loadedQueryClient()?.clear();
}
