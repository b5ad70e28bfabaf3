import { QueryClient } from '@tanstack/react-query';
import { provideQueryClient } from './deferred-query-client';
import { RequestError } from './request-error';

/** Failures the user has to act on are not retried; flaky networks get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof RequestError && !error.retryable) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

// The app's provider waits for it (lib/deferred-query-client.tsx): this module is loaded with the first screen
// that queries, not with the login.
provideQueryClient(queryClient);
