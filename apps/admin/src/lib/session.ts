import { useSyncExternalStore } from 'react';

/** Operator sessions are separate from investor sessions, so the token has its own storage key. */
export const TOKEN_STORAGE_KEY = 'bourse-admin-token';

const listeners = new Set<() => void>();

/**
 * Why the last session ended when the operator did not sign out (the server's localized message),
 * shown on the sign-in screen. Kept in memory only: a reload starts without it.
 */
let endReason: string | null = null;

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // Signing in or out in another tab of the console applies here too.
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  endReason = null;
  notify();
}

/**
 * Forgets the operator session on this device; screens behind the session guard fall back to
 * sign-in, which shows `reason` when the session ended without the operator signing out.
 */
export function clearSession(options: { reason?: string } = {}): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  endReason = options.reason ?? null;
  notify();
}

export function getSessionEndReason(): string | null {
  return endReason;
}

/** The reason is shown once; the next sign-in attempt dismisses it. */
export function dismissSessionEndReason(): void {
  if (endReason === null) return;
  endReason = null;
  notify();
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

export function useSessionEndReason(): string | null {
  return useSyncExternalStore(subscribe, getSessionEndReason, () => null);
}
