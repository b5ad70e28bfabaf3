import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { i18n } from '../lib/i18n.ts';
import { ApiError } from '../lib/request.ts';
import { useSessionToken } from '../lib/session.ts';

/** How a failed query or mutation is reported: a toast (default), by the screen itself, or not at all. */
export type ErrorDisplay = 'toast' | 'inline' | 'none';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorDisplay?: ErrorDisplay };
    mutationMeta: { errorDisplay?: ErrorDisplay };
  }
}

function isRetryable(error: Error): boolean {
  // Client errors (bad input, no permission, conflicts) give the same answer again; only a lost
  // connection or a server fault is worth another try.
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export function createQueryClient(notifyError: (error: Error) => void): QueryClient {
  const report = (error: Error, display: ErrorDisplay | undefined) => {
    if ((display ?? 'toast') === 'toast') notifyError(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.errorDisplay) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta?.errorDisplay),
    }),
    defaultOptions: {
      queries: { retry: (failureCount, error) => isRetryable(error) && failureCount < 2 },
      mutations: { retry: false },
    },
  });
}

/**
 * Provides TanStack Query with errors shown through antd's `message` (the App context, so toasts
 * follow the theme and locale), and drops every cached answer once the operator session ends.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { message } = AntdApp.useApp();
  const [queryClient] = useState(() =>
    createQueryClient((error) => {
      // A 401 has ended the session; the sign-in screen it leads to says why.
      if (error instanceof ApiError && error.isUnauthorized) return;
      const content = error instanceof ApiError ? error.msg : i18n.t('errors.INTERNAL');
      // One toast per error code: parallel requests failing the same way do not stack up.
      void message.error({ content, key: error instanceof ApiError ? error.code : 'unexpected' });
    }),
  );
  const token = useSessionToken();

  useEffect(() => {
    if (token === null) queryClient.clear();
  }, [token, queryClient]);

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
