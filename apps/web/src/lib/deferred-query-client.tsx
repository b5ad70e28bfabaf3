import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query's client (query-core, 9 KB gzip) is not part of the login's first load
 * (docs/performance.md, "First screen"): the login sends its request without it, and every other screen
 * loads lib/query-client.ts with its chunk (lib/lazy-route.ts, lib/load-query-client.ts), which hands the client over here. Until
 * then the context holds no client; no screen that reads it renders before it is there.
 */
let loaded: QueryClient | null = null;
const listeners = new Set<() => void>();

/** Called once by lib/query-client.ts as it is evaluated. */
export function provideQueryClient(client: QueryClient): void {
  loaded = client;
  for (const listener of listeners) listener();
}

/** The client if lib/query-client.ts has been loaded; before that nothing is cached (nothing to clear). */
export function loadedQueryClient(): QueryClient | null {
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * QueryClientProvider for a client that arrives after the first render: the same context element
 * throughout, so the screen already shown (the login) keeps its state when the client comes. Mounts the
 * client as QueryClientProvider does (focus and online refetching).
 */
export function DeferredQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribe, loadedQueryClient);
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
