import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect, type ComponentType } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_LANGUAGE, isLanguage } from '@bourse/shared/languages';
import { AnnouncementsScreen } from '../features/announcements/components/announcements-screen.tsx';
import { UserMessagesSection } from '../features/announcements/components/user-messages-section.tsx';
import { AuditLogScreen } from '../features/audit/components/audit-log-screen.tsx';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';
import { BlockTradesScreen } from '../features/blocktrade/components/block-trades-screen.tsx';
import { LoansScreen } from '../features/loans/components/loans-screen.tsx';
import { ClosuresScreen } from '../features/closures/components/closures-screen.tsx';
import { FundRatesScreen } from '../features/fund/components/fund-rates-screen.tsx';
import { HolidaysScreen } from '../features/fund/components/holidays-screen.tsx';
import { InstrumentsScreen } from '../features/instruments/components/instruments-screen.tsx';
import { IpoResultsScreen } from '../features/ipo/components/ipo-results-screen.tsx';
import { IpoScreen } from '../features/ipo/components/ipo-screen.tsx';
import { InvitationsScreen } from '../features/invitations/components/invitations-screen.tsx';
import { KycQueueScreen } from '../features/kyc/components/kyc-queue-screen.tsx';
import { LedgerCheckScreen } from '../features/ledger/components/ledger-check-screen.tsx';
import { MemberStandingSection } from '../features/members/components/member-standing-section.tsx';
import { MembersScreen } from '../features/members/components/members-screen.tsx';
import { NewsScreen } from '../features/news/components/news-screen.tsx';
import { OrdersScreen } from '../features/orders/components/orders-screen.tsx';
import { PaymentsScreen } from '../features/payments/components/payments-screen.tsx';
import { SettingsScreen } from '../features/settings/components/settings-screen.tsx';
import { CannedRepliesScreen } from '../features/support/components/canned-replies-screen.tsx';
import { SupportInboxScreen } from '../features/support/components/support-inbox-screen.tsx';
import { UserDetailScreen } from '../features/users/components/user-detail-screen.tsx';
import { UsersScreen } from '../features/users/components/users-screen.tsx';
import { WithdrawalsScreen } from '../features/withdrawals/components/withdrawals-screen.tsx';
import { SECTIONS, type Section } from '../lib/access.ts';
import { HomeRedirect } from './home-redirect.tsx';
import { i18n } from '../lib/i18n.ts';
import { NotFound } from '../ui/not-found.tsx';
import { ErrorBoundary, ScreenBoundary } from '../ui/error-boundary.tsx';
import { paths } from '../lib/paths.ts';
import { QueryProvider } from './query-provider.tsx';
import { RequireSection } from './require-section.tsx';
import { RequireSession } from './require-session.tsx';
import { ANTD_LOCALES, theme } from './theme.ts';

/** The screen of each section; the type makes a new section without a screen a compile error. */
const SECTION_SCREENS: Record<Section, ComponentType> = {
  invitations: InvitationsScreen,
  kyc: KycQueueScreen,
  withdrawals: WithdrawalsScreen,
  payments: PaymentsScreen,
  users: UsersScreen,
  orders: OrdersScreen,
  instruments: InstrumentsScreen,
  ipo: IpoScreen,
  blockTrades: BlockTradesScreen,
  loans: LoansScreen,
  members: MembersScreen,
  ledger: LedgerCheckScreen,
  settings: SettingsScreen,
  fund: FundRatesScreen,
  calendar: HolidaysScreen,
  announcements: AnnouncementsScreen,
  news: NewsScreen,
  closures: ClosuresScreen,
  audit: AuditLogScreen,
  support: SupportInboxScreen,
  cannedReplies: CannedRepliesScreen,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.signIn.path} element={<SignInScreen />} />
      <Route element={<RequireSession />}>
        <Route index element={<HomeRedirect />} />
        {SECTIONS.map((section) => {
          const Screen = SECTION_SCREENS[section];
          return (
            <Route
              key={section}
              path={paths[section].path}
              element={
                <RequireSection section={section}>
                  <Screen />
                </RequireSection>
              }
            />
          );
        })}
        <Route
          path={paths.user.path}
          element={
            <RequireSection section="users">
              <UserDetailScreen
                extraSection={(userId) => (
                  <>
                    <MemberStandingSection userId={userId} />
                    <UserMessagesSection userId={userId} />
                  </>
                )}
              />
            </RequireSection>
          }
        />
        <Route
          path={paths.ipoResults.path}
          element={
            <RequireSection section="ipo">
              <IpoResultsScreen />
            </RequireSection>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function LocalizedApp() {
  const { t, i18n: instance } = useTranslation();
  const language = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;

  useEffect(() => {
    document.title = t('admin.title');
  }, [t, language]);

  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
      <AntdApp>
        <ErrorBoundary>
          <QueryProvider>
            <HashRouter>
              <ScreenBoundary>
                <AppRoutes />
              </ScreenBoundary>
            </HashRouter>
          </QueryProvider>
        </ErrorBoundary>
      </AntdApp>
    </ConfigProvider>
  );
}

/** The operator console: language, theme, toasts, server state and routes, outermost first. */
export function AdminApp() {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedApp />
    </I18nextProvider>
  );
}
