import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppShell } from './guard';
import { lazyRoute } from '../lib/lazy-route';
import { registerNavigator, setCurrentPath } from '../lib/navigation';
import { paths } from '../lib/paths';

// Each screen is its own chunk: the first paint loads only the shell and the screen it shows.
const LoginRoute = lazyRoute(
  () => import('../features/auth/routes/login-route').then((m) => ({ default: m.LoginRoute })),
  // Its texts are the first screen's catalog sections: it shows before the whole catalog is loaded.
  { firstScreen: true },
);
// The others through app/screens.ts, so their imports (file names, preload lists) leave the first load too.
const loadScreens = () => import('./screens');
const RegisterRoute = lazyRoute(() => loadScreens().then((screens) => screens.RegisterRoute()));
const ForgotPasswordRoute = lazyRoute(() => loadScreens().then((screens) => screens.ForgotPasswordRoute()));
const ChangePasswordRoute = lazyRoute(() => loadScreens().then((screens) => screens.ChangePasswordRoute()));
const AgreementRoute = lazyRoute(() => loadScreens().then((screens) => screens.AgreementRoute()));
const SettingsRoute = lazyRoute(() => loadScreens().then((screens) => screens.SettingsRoute()));
const ColorsRoute = lazyRoute(() => loadScreens().then((screens) => screens.ColorsRoute()));
const LanguageRoute = lazyRoute(() => loadScreens().then((screens) => screens.LanguageRoute()));
const PersonInfoRoute = lazyRoute(() => loadScreens().then((screens) => screens.PersonInfoRoute()));
const DataRightsRoute = lazyRoute(() => loadScreens().then((screens) => screens.DataRightsRoute()));
const GuideRoute = lazyRoute(() => loadScreens().then((screens) => screens.GuideRoute()));
const HomeDetailRoute = lazyRoute(() => loadScreens().then((screens) => screens.HomeDetailRoute()));
const ExploreScreen = lazyRoute(() => loadScreens().then((screens) => screens.ExploreScreen()));
const ShopRoute = lazyRoute(() => loadScreens().then((screens) => screens.ShopRoute()));
const DemoRoute = lazyRoute(() => loadScreens().then((screens) => screens.DemoRoute()));
const DeviceCheckRoute = lazyRoute(() => loadScreens().then((screens) => screens.DeviceCheckRoute()));
const RealNameAuthenticationRoute = lazyRoute(() =>
  loadScreens().then((screens) => screens.RealNameAuthenticationRoute()),
);
const PersonCenterRoute = lazyRoute(() => loadScreens().then((screens) => screens.PersonCenterRoute()));
const PointsHistoryRoute = lazyRoute(() => loadScreens().then((screens) => screens.PointsHistoryRoute()));
const NewsListRoute = lazyRoute(() => loadScreens().then((screens) => screens.NewsListRoute()));
const NewsArticleRoute = lazyRoute(() => loadScreens().then((screens) => screens.NewsArticleRoute()));
const BankListRoute = lazyRoute(() => loadScreens().then((screens) => screens.BankListRoute()));
const BindCardRoute = lazyRoute(() => loadScreens().then((screens) => screens.BindCardRoute()));
const PaymentResultRoute = lazyRoute(() => loadScreens().then((screens) => screens.PaymentResultRoute()));
const FastPaymentRoute = lazyRoute(() => loadScreens().then((screens) => screens.FastPaymentRoute()));
const BankInRoute = lazyRoute(() => loadScreens().then((screens) => screens.BankInRoute()));
const TransferRoute = lazyRoute(() => loadScreens().then((screens) => screens.TransferRoute()));
const WithdrawRoute = lazyRoute(() => loadScreens().then((screens) => screens.WithdrawRoute()));
const BankRecordRoute = lazyRoute(() => loadScreens().then((screens) => screens.BankRecordRoute()));
const PayPasswordRoute = lazyRoute(() => loadScreens().then((screens) => screens.PayPasswordRoute()));
const DetailRoute = lazyRoute(() => loadScreens().then((screens) => screens.DetailRoute()));
const SearchRoute = lazyRoute(() => loadScreens().then((screens) => screens.SearchRoute()));
const SearchResultsRoute = lazyRoute(() => loadScreens().then((screens) => screens.SearchResultsRoute()));
const TradeRoute = lazyRoute(() => loadScreens().then((screens) => screens.TradeRoute()));
const HoldingRoute = lazyRoute(() => loadScreens().then((screens) => screens.HoldingRoute()));
const HoldDetailRoute = lazyRoute(() => loadScreens().then((screens) => screens.HoldDetailRoute()));
const TransactionRoute = lazyRoute(() => loadScreens().then((screens) => screens.TransactionRoute()));
const OrderRecordsRoute = lazyRoute(() => loadScreens().then((screens) => screens.OrderRecordsRoute()));
const HistoryPositionRoute = lazyRoute(() => loadScreens().then((screens) => screens.HistoryPositionRoute()));
const HistoryDetailRoute = lazyRoute(() => loadScreens().then((screens) => screens.HistoryDetailRoute()));
const CalendarRoute = lazyRoute(() => loadScreens().then((screens) => screens.CalendarRoute()));
const IssueDetailRoute = lazyRoute(() => loadScreens().then((screens) => screens.IssueDetailRoute()));
const ApplyRoute = lazyRoute(() => loadScreens().then((screens) => screens.ApplyRoute()));
const ApplyRecordRoute = lazyRoute(() => loadScreens().then((screens) => screens.ApplyRecordRoute()));
const SubscriptionRecordsRoute = lazyRoute(() => loadScreens().then((screens) => screens.SubscriptionRecordsRoute()));
const AllocationRecordsRoute = lazyRoute(() => loadScreens().then((screens) => screens.AllocationRecordsRoute()));
const LoanApplyRoute = lazyRoute(() => loadScreens().then((screens) => screens.LoanApplyRoute()));
const LoanRecordsRoute = lazyRoute(() => loadScreens().then((screens) => screens.LoanRecordsRoute()));
const LoanDetailRoute = lazyRoute(() => loadScreens().then((screens) => screens.LoanDetailRoute()));
const MessagesRoute = lazyRoute(() => loadScreens().then((screens) => screens.MessagesRoute()));
const FundRoute = lazyRoute(() => loadScreens().then((screens) => screens.FundRoute()));
const CustomerServiceRoute = lazyRoute(() => loadScreens().then((screens) => screens.CustomerServiceRoute()));
const FundPaymentRoute = lazyRoute(() => loadScreens().then((screens) => screens.FundPaymentRoute()));
const FundLogRoute = lazyRoute(() => loadScreens().then((screens) => screens.FundLogRoute()));
const BlockTradeRoute = lazyRoute(() => loadScreens().then((screens) => screens.BlockTradeRoute()));
const BlockTradeRecordsRoute = lazyRoute(() => loadScreens().then((screens) => screens.BlockTradeRecordsRoute()));
const NotFoundRoute = lazyRoute(() => loadScreens().then((screens) => screens.NotFoundRoute()));

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
