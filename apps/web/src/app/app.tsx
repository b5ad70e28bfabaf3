import { useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import { applyColorConvention, useColorConvention } from '../lib/color-convention';
import { DeferredQueryClientProvider } from '../lib/deferred-query-client';
import { i18n } from '../lib/i18n';
import { OfflineBanner } from './offline-banner';
import { AppRoutes } from './router';
import { RootBoundary } from '../ui/error-boundary';

/** Keeps `<html data-color-convention>` on the convention in force (choice, else the language's). */
function ColorConventionRoot() {
  const convention = useColorConvention();
  useLayoutEffect(() => applyColorConvention(convention), [convention]);
  return null;
}

/** The providers every screen relies on; tests render AppRoutes inside AppProviders with a MemoryRouter. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <DeferredQueryClientProvider>
      <I18nextProvider i18n={i18n}>
        <ColorConventionRoot />
        {/* antd-mobile's texts follow the language through its default config: lib/antd-setup.ts. */}
        {children}
      </I18nextProvider>
    </DeferredQueryClientProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      {/* Synchronous navigation updates: session changes and route changes then land in one render. */}
      <RootBoundary>
        <HashRouter useTransitions={false}>
          <OfflineBanner />
          <AppRoutes />
        </HashRouter>
      </RootBoundary>
    </AppProviders>
  );
}
