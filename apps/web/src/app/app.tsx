import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd-mobile';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import { isLanguage, DEFAULT_LANGUAGE } from '@bourse/shared/languages';
import { applyColorConvention, useColorConvention } from '../lib/color-convention';
import { buildAntdLocale, i18n } from '../lib/i18n';
import { OfflineBanner } from './offline-banner';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { RootBoundary } from '../ui/error-boundary';

/** antd-mobile's texts follow the interface language. */
function AntdLocale({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  const locale = useMemo(() => buildAntdLocale(lang), [lang]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

/** Keeps `<html data-color-convention>` on the convention in force (choice, else the language's). */
function ColorConventionRoot() {
  const convention = useColorConvention();
  useLayoutEffect(() => applyColorConvention(convention), [convention]);
  return null;
}

/** The providers every screen relies on; tests render AppRoutes inside AppProviders with a MemoryRouter. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ColorConventionRoot />
        <AntdLocale>{children}</AntdLocale>
      </I18nextProvider>
    </QueryClientProvider>
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
