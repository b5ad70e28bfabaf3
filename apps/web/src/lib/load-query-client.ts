import type { QueryClient } from '@tanstack/react-query';

/** Loads TanStack Query's client, which the login's first load leaves out (lib/deferred-query-client.tsx). */
export function loadQueryClient(): Promise<QueryClient> {
  return import('./query-client').then((module) => module.queryClient);
}
