import { useContext, useEffect, useMemo, type ComponentProps, type ComponentType, type ReactElement } from 'react';
import {
  Navigate,
  UNSAFE_NavigationContext,
  matchPath,
  matchRoutes,
  renderMatches,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router-dom';
import { AppShell, isOpenRoute, preloadGuard } from './guard';
import { lazyRoute } from '../lib/lazy-route';
import { registerNavigator, setCurrentPath } from '../lib/navigation';
import { TAB_PATHS, paths } from '../lib/paths';
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
function screen<K extends keyof Screens>(name: K): LazyScreen<K> & { preload: () => void } {
  // screens[name]() is the union of every screen's import here: the cast names the one for `name`.
  return lazyRoute<LazyScreen<K>>(() =>
    loadScreens().then((screens) => screens[name]() as Promise<{ default: LazyScreen<K> }>),
  ) as LazyScreen<K> & { preload: () => void };
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
 * Every screen's route (AppRoutes renders them; preloadOpeningScreen finds the one the app opens on). The
 * tab pages are the shell's (app/keep-alive-tabs.tsx).
 */
type Preloadable = { preload: () => void };
const SCREEN_ROUTES: readonly ({ path: string } & (
  { Screen: ComponentType & Preloadable; element?: undefined } | { Screen: Preloadable; element: ReactElement }
))[] = [
  { path: paths.login.path, Screen: LoginRoute },
  { path: paths.register.path, Screen: RegisterRoute },
  { path: paths.agreement.path, Screen: AgreementRoute },
  { path: paths.forgotPassword.path, Screen: ForgotPasswordRoute },
  { path: paths.changePassword.path, Screen: ChangePasswordRoute },
  { path: paths.changePasswordAlias.path, Screen: ChangePasswordRoute },
  { path: paths.detail.path, Screen: DetailRoute },
  { path: paths.stockInfo.path, Screen: DetailRoute },
  { path: paths.search.path, Screen: SearchRoute },
  { path: paths.searchResults.path, Screen: SearchResultsRoute },
  { path: paths.setting.path, Screen: SettingsRoute },
  { path: paths.settingLanguage.path, Screen: LanguageRoute },
  { path: paths.settingColors.path, Screen: ColorsRoute },
  { path: paths.personInfo.path, Screen: PersonInfoRoute },
  { path: paths.settingData.path, Screen: DataRightsRoute },
  { path: paths.guide.path, Screen: GuideRoute },
  { path: paths.homeDetail.path, Screen: HomeDetailRoute },
  { path: paths.explore.path, Screen: ExploreScreen },
  { path: paths.shop.path, Screen: ShopRoute },
  { path: paths.demo.path, Screen: DemoRoute },
  { path: paths.deviceTest.path, Screen: DeviceCheckRoute },
  { path: paths.realNameAuthentication.path, Screen: RealNameAuthenticationRoute },
  { path: paths.personCenter.path, Screen: PersonCenterRoute },
  { path: paths.creditPoints.path, Screen: PointsHistoryRoute },
  { path: paths.news.path, Screen: NewsListRoute },
  { path: paths.newsArticle.path, Screen: NewsArticleRoute },
  { path: paths.bankList.path, Screen: BankListRoute },
  { path: paths.bindCard.path, Screen: BindCardRoute },
  { path: paths.fastPayment.path, Screen: FastPaymentRoute },
  { path: paths.paymentResult.path, Screen: PaymentResultRoute },
  { path: paths.bankIn.path, Screen: BankInRoute },
  { path: paths.transfer.path, Screen: TransferRoute },
  { path: paths.withdraw.path, Screen: WithdrawRoute },
  { path: paths.bankRecord.path, Screen: BankRecordRoute },
  { path: paths.payPassword.path, Screen: PayPasswordRoute },
  { path: paths.trade.path, Screen: TradeRoute },
  { path: paths.holding.path, Screen: HoldingRoute },
  { path: paths.holdDetail.path, Screen: HoldDetailRoute },
  { path: paths.transaction.path, Screen: TransactionRoute },
  { path: paths.orderRecords.path, Screen: OrderRecordsRoute },
  { path: paths.historyPosition.path, Screen: HistoryPositionRoute },
  { path: paths.historyDetail.path, Screen: HistoryDetailRoute },
  { path: paths.newShares.path, Screen: CalendarRoute },
  { path: paths.newShareDetail.path, Screen: IssueDetailRoute },
  { path: paths.apply.path, Screen: ApplyRoute },
  { path: paths.applyRecord.path, Screen: ApplyRecordRoute },
  { path: paths.subscriptionRecords.path, Screen: SubscriptionRecordsRoute },
  { path: paths.allocationRecords.path, Screen: AllocationRecordsRoute },
  { path: paths.fund.path, Screen: FundRoute },
  { path: paths.customerService.path, Screen: CustomerServiceRoute },
  { path: paths.customerServiceAlias.path, Screen: CustomerServiceRoute },
  { path: paths.fundPayment.path, Screen: FundPaymentRoute },
  { path: paths.fundHistory.path, Screen: FundLogRoute, element: <FundLogRoute variant="history" /> },
  { path: paths.moneyLog.path, Screen: FundLogRoute, element: <FundLogRoute variant="moneyLog" /> },
  { path: paths.blockTrade.path, Screen: BlockTradeRoute },
  { path: paths.blockTradeRecords.path, Screen: BlockTradeRecordsRoute },
  { path: paths.loan.path, Screen: LoanApplyRoute },
  { path: paths.loanRecords.path, Screen: LoanRecordsRoute },
  { path: paths.loanDetail.path, Screen: LoanDetailRoute },
  { path: paths.messages.path, Screen: MessagesRoute },
];

/**
 * Starts loading what the screen the app opens on waits for, before the first render (main.tsx), in
 * parallel with the catalog's first sections instead of once the shell has rendered: a visitor's login
 * chunk; with a session the guard's configuration query (every screen waits for it) and the screen's own
 * chunk with what it waits for (the whole catalog, antd-mobile's set-up, the query client), which
 * otherwise were asked for only once the configuration had come (docs/performance.md, 2026-11-28, fourth session).
 */
export function preloadOpeningScreen({ pathname, hasToken }: { pathname: string; hasToken: boolean }): void {
  if (hasToken) {
    // On the login with a session the guard moves on at once; everywhere else it checks the session first.
    if (pathname === paths.login.path) return;
    preloadGuard();
    // A tab page's screen is the shell's (app/keep-alive-tabs.tsx), which loads it when it renders.
    if (!TAB_PATHS.includes(pathname)) SCREEN_ROUTES.find((route) => matchPath(route.path, pathname))?.Screen.preload();
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
 * shell keeps them alive itself; their entries only tell the router they exist. Built once: `<Routes>`
 * rebuilt this table from its JSX children and ranked and compiled every route's pattern again at every
 * render (a few milliseconds of main thread each time, docs/performance.md, 2026-12-04).
 */
const APP_ROUTES: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.home.getHref()} replace /> },
      ...SCREEN_ROUTES.map((route) => ({
        path: route.path,
        element: route.element === undefined ? <route.Screen /> : route.element,
      })),
      { path: paths.home.path, element: null },
      { path: paths.market.path, element: null },
      { path: paths.my.path, element: null },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * What `<Routes>` renders for APP_ROUTES, the table matched once per path instead of at every render of
 * the app (a changed query string or a re-rendered parent keeps the matches). The matched paths are
 * encoded as `useRoutes` encodes them, so relative links resolve the same.
 */
function useAppRouteElement(): ReactElement | null {
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const matches = useMemo(() => {
    const encode = (path: string) =>
      navigator.encodeLocation
        ? navigator.encodeLocation(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23')).pathname
        : path;
    return (
      matchRoutes(APP_ROUTES, pathname)?.map((match) => ({
        ...match,
        pathname: encode(match.pathname),
        pathnameBase: encode(match.pathnameBase),
      })) ?? null
    );
  }, [pathname, navigator]);
  return renderMatches(matches);
}

export function AppRoutes() {
  const routes = useAppRouteElement();
  return (
    <>
      <NavigatorBridge />
      {routes}
    </>
  );
}
