import { useEffect, type ComponentProps, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppShell, isOpenRoute, preloadGuard } from './guard';
import { lazyRoute } from '../lib/lazy-route';
import { registerNavigator, setCurrentPath } from '../lib/navigation';
import { paths } from '../lib/paths';
import type * as ScreenModules from './screens';

// Each screen is its own chunk: the first paint loads only the shell and the screen it shows.
const LoginRoute = lazyRoute(
  () => import('../features/auth/routes/login-route').then((m) => ({ default: m.LoginRoute })),
  // Its texts are the first screen's catalog sections: it shows before the whole catalog is loaded.
  { firstScreen: true },
);
// The others through app/screens.ts, so their imports (file names, preload lists) leave the first load too.
const loadScreens = () => import('./screens');
type Screens = typeof ScreenModules;
type ScreenOf<K extends keyof Screens> = Awaited<ReturnType<Screens[K]>>['default'];
type LazyScreen<K extends keyof Screens> = ComponentType<ComponentProps<ScreenOf<K>>>;
/** The screen `name` of app/screens.ts as a lazy route, its props kept. */
function screen<K extends keyof Screens>(name: K): LazyScreen<K> {
  // screens[name]() is the union of every screen's import here: the cast names the one for `name`.
  return lazyRoute<LazyScreen<K>>(() =>
    loadScreens().then((screens) => screens[name]() as Promise<{ default: LazyScreen<K> }>),
  ) as LazyScreen<K>;
}
const RegisterRoute = screen('RegisterRoute');
const ForgotPasswordRoute = screen('ForgotPasswordRoute');
const ChangePasswordRoute = screen('ChangePasswordRoute');
const AgreementRoute = screen('AgreementRoute');
const SettingsRoute = screen('SettingsRoute');
const ColorsRoute = screen('ColorsRoute');
const LanguageRoute = screen('LanguageRoute');
const PersonInfoRoute = screen('PersonInfoRoute');
const DataRightsRoute = screen('DataRightsRoute');
const GuideRoute = screen('GuideRoute');
const HomeDetailRoute = screen('HomeDetailRoute');
const ExploreScreen = screen('ExploreScreen');
const ShopRoute = screen('ShopRoute');
const DemoRoute = screen('DemoRoute');
const DeviceCheckRoute = screen('DeviceCheckRoute');
const RealNameAuthenticationRoute = screen('RealNameAuthenticationRoute');
const PersonCenterRoute = screen('PersonCenterRoute');
const PointsHistoryRoute = screen('PointsHistoryRoute');
const NewsListRoute = screen('NewsListRoute');
const NewsArticleRoute = screen('NewsArticleRoute');
const BankListRoute = screen('BankListRoute');
const BindCardRoute = screen('BindCardRoute');
const PaymentResultRoute = screen('PaymentResultRoute');
const FastPaymentRoute = screen('FastPaymentRoute');
const BankInRoute = screen('BankInRoute');
const TransferRoute = screen('TransferRoute');
const WithdrawRoute = screen('WithdrawRoute');
const BankRecordRoute = screen('BankRecordRoute');
const PayPasswordRoute = screen('PayPasswordRoute');
const DetailRoute = screen('DetailRoute');
const SearchRoute = screen('SearchRoute');
const SearchResultsRoute = screen('SearchResultsRoute');
const TradeRoute = screen('TradeRoute');
const HoldingRoute = screen('HoldingRoute');
const HoldDetailRoute = screen('HoldDetailRoute');
const TransactionRoute = screen('TransactionRoute');
const OrderRecordsRoute = screen('OrderRecordsRoute');
const HistoryPositionRoute = screen('HistoryPositionRoute');
const HistoryDetailRoute = screen('HistoryDetailRoute');
const CalendarRoute = screen('CalendarRoute');
const IssueDetailRoute = screen('IssueDetailRoute');
const ApplyRoute = screen('ApplyRoute');
const ApplyRecordRoute = screen('ApplyRecordRoute');
const SubscriptionRecordsRoute = screen('SubscriptionRecordsRoute');
const AllocationRecordsRoute = screen('AllocationRecordsRoute');
const LoanApplyRoute = screen('LoanApplyRoute');
const LoanRecordsRoute = screen('LoanRecordsRoute');
const LoanDetailRoute = screen('LoanDetailRoute');
const MessagesRoute = screen('MessagesRoute');
const FundRoute = screen('FundRoute');
const CustomerServiceRoute = screen('CustomerServiceRoute');
const FundPaymentRoute = screen('FundPaymentRoute');
const FundLogRoute = screen('FundLogRoute');
const BlockTradeRoute = screen('BlockTradeRoute');
const BlockTradeRecordsRoute = screen('BlockTradeRecordsRoute');
const NotFoundRoute = screen('NotFoundRoute');

/**
 * Starts loading what the screen the app opens on waits for, before the first render (main.tsx), in
 * parallel with the catalog's first sections instead of once the shell has rendered: a visitor's login
 * chunk, or with a session the guard's configuration query (every screen waits for it).
 */
export function preloadOpeningScreen({ pathname, hasToken }: { pathname: string; hasToken: boolean }): void {
  if (hasToken) {
    // On the login with a session the guard moves on at once; everywhere else it checks the session first.
    if (pathname !== paths.login.path) preloadGuard();
    return;
  }
  // A visitor on the login, or on a screen that is not open to visitors (the guard sends them to the login).
  if (pathname === paths.login.path || !isOpenRoute(pathname)) LoginRoute.preload();
}

/** Gives code outside React (request client) the router's navigate function and location. */
function NavigatorBridge() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(
    () =>
      registerNavigator((to, options) => {
        void navigate(to, options);
      }),
    [navigate],
  );
  useEffect(() => setCurrentPath(`${pathname}${search}`), [pathname, search]);
  return null;
}

/**
 * Every registered route, inside the guard. The tab pages (/home, /market, /my) render nothing here: the
 * shell keeps them alive itself; their entries only tell the router they exist.
 */
export function AppRoutes() {
  return (
    <>
      <NavigatorBridge />
      <Routes>
        <Route element={<AppShell />}>
          <Route path={paths.root.path} element={<Navigate to={paths.home.getHref()} replace />} />
          <Route path={paths.login.path} element={<LoginRoute />} />
          <Route path={paths.register.path} element={<RegisterRoute />} />
          <Route path={paths.agreement.path} element={<AgreementRoute />} />
          <Route path={paths.forgotPassword.path} element={<ForgotPasswordRoute />} />
          <Route path={paths.changePassword.path} element={<ChangePasswordRoute />} />
          <Route path={paths.changePasswordAlias.path} element={<ChangePasswordRoute />} />
          <Route path={paths.home.path} element={null} />
          <Route path={paths.market.path} element={null} />
          <Route path={paths.detail.path} element={<DetailRoute />} />
          <Route path={paths.stockInfo.path} element={<DetailRoute />} />
          <Route path={paths.search.path} element={<SearchRoute />} />
          <Route path={paths.searchResults.path} element={<SearchResultsRoute />} />
          <Route path={paths.my.path} element={null} />
          <Route path={paths.setting.path} element={<SettingsRoute />} />
          <Route path={paths.settingLanguage.path} element={<LanguageRoute />} />
          <Route path={paths.settingColors.path} element={<ColorsRoute />} />
          <Route path={paths.personInfo.path} element={<PersonInfoRoute />} />
          <Route path={paths.settingData.path} element={<DataRightsRoute />} />
          <Route path={paths.guide.path} element={<GuideRoute />} />
          <Route path={paths.homeDetail.path} element={<HomeDetailRoute />} />
          <Route path={paths.explore.path} element={<ExploreScreen />} />
          <Route path={paths.shop.path} element={<ShopRoute />} />
          <Route path={paths.demo.path} element={<DemoRoute />} />
          <Route path={paths.deviceTest.path} element={<DeviceCheckRoute />} />
          <Route path={paths.realNameAuthentication.path} element={<RealNameAuthenticationRoute />} />
          <Route path={paths.personCenter.path} element={<PersonCenterRoute />} />
          <Route path={paths.creditPoints.path} element={<PointsHistoryRoute />} />
          <Route path={paths.news.path} element={<NewsListRoute />} />
          <Route path={paths.newsArticle.path} element={<NewsArticleRoute />} />
          <Route path={paths.bankList.path} element={<BankListRoute />} />
          <Route path={paths.bindCard.path} element={<BindCardRoute />} />
          <Route path={paths.fastPayment.path} element={<FastPaymentRoute />} />
          <Route path={paths.paymentResult.path} element={<PaymentResultRoute />} />
          <Route path={paths.bankIn.path} element={<BankInRoute />} />
          <Route path={paths.transfer.path} element={<TransferRoute />} />
          <Route path={paths.withdraw.path} element={<WithdrawRoute />} />
          <Route path={paths.bankRecord.path} element={<BankRecordRoute />} />
          <Route path={paths.payPassword.path} element={<PayPasswordRoute />} />
          <Route path={paths.trade.path} element={<TradeRoute />} />
          <Route path={paths.holding.path} element={<HoldingRoute />} />
          <Route path={paths.holdDetail.path} element={<HoldDetailRoute />} />
          <Route path={paths.transaction.path} element={<TransactionRoute />} />
          <Route path={paths.orderRecords.path} element={<OrderRecordsRoute />} />
          <Route path={paths.historyPosition.path} element={<HistoryPositionRoute />} />
          <Route path={paths.historyDetail.path} element={<HistoryDetailRoute />} />
          <Route path={paths.newShares.path} element={<CalendarRoute />} />
          <Route path={paths.newShareDetail.path} element={<IssueDetailRoute />} />
          <Route path={paths.apply.path} element={<ApplyRoute />} />
          <Route path={paths.applyRecord.path} element={<ApplyRecordRoute />} />
          <Route path={paths.subscriptionRecords.path} element={<SubscriptionRecordsRoute />} />
          <Route path={paths.allocationRecords.path} element={<AllocationRecordsRoute />} />
          <Route path={paths.fund.path} element={<FundRoute />} />
          <Route path={paths.customerService.path} element={<CustomerServiceRoute />} />
          <Route path={paths.customerServiceAlias.path} element={<CustomerServiceRoute />} />
          <Route path={paths.fundPayment.path} element={<FundPaymentRoute />} />
          <Route path={paths.fundHistory.path} element={<FundLogRoute variant="history" />} />
          <Route path={paths.moneyLog.path} element={<FundLogRoute variant="moneyLog" />} />
          <Route path={paths.blockTrade.path} element={<BlockTradeRoute />} />
          <Route path={paths.blockTradeRecords.path} element={<BlockTradeRecordsRoute />} />
          <Route path={paths.loan.path} element={<LoanApplyRoute />} />
          <Route path={paths.loanRecords.path} element={<LoanRecordsRoute />} />
          <Route path={paths.loanDetail.path} element={<LoanDetailRoute />} />
          <Route path={paths.messages.path} element={<MessagesRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}
