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
const RegisterRoute = lazyRoute(() =>
  import('../features/auth/routes/register-route').then((m) => ({ default: m.RegisterRoute })),
);
const ForgotPasswordRoute = lazyRoute(() =>
  import('../features/auth/routes/forgot-password-route').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ChangePasswordRoute = lazyRoute(() =>
  import('../features/auth/routes/change-password-route').then((m) => ({ default: m.ChangePasswordRoute })),
);
const AgreementRoute = lazyRoute(() =>
  import('../features/agreement/routes/agreement-route').then((m) => ({ default: m.AgreementRoute })),
);
const SettingsRoute = lazyRoute(() =>
  import('../features/settings/routes/settings-route').then((m) => ({ default: m.SettingsRoute })),
);
const ColorsRoute = lazyRoute(() =>
  import('../features/settings/routes/colors-route').then((m) => ({ default: m.ColorsRoute })),
);
const LanguageRoute = lazyRoute(() =>
  import('../features/settings/routes/language-route').then((m) => ({ default: m.LanguageRoute })),
);
const PersonInfoRoute = lazyRoute(() =>
  import('../features/profile/routes/person-info-route').then((m) => ({ default: m.PersonInfoRoute })),
);
const DataRightsRoute = lazyRoute(() =>
  import('../features/profile/routes/data-rights-route').then((m) => ({ default: m.DataRightsRoute })),
);
const GuideRoute = lazyRoute(() =>
  import('../features/guide/routes/guide-route').then((m) => ({ default: m.GuideRoute })),
);
const HomeDetailRoute = lazyRoute(() =>
  import('../features/homedetail/routes/home-detail-route').then((m) => ({ default: m.HomeDetailRoute })),
);
const ExploreScreen = lazyRoute(() => import('./explore-screen').then((m) => ({ default: m.ExploreScreen })));
const ShopRoute = lazyRoute(() => import('../features/shop/routes/shop-route').then((m) => ({ default: m.ShopRoute })));
const DemoRoute = lazyRoute(() => import('../features/demo/routes/demo-route').then((m) => ({ default: m.DemoRoute })));
const DeviceCheckRoute = lazyRoute(() =>
  import('../features/device-check/routes/device-check-route').then((m) => ({ default: m.DeviceCheckRoute })),
);
const RealNameAuthenticationRoute = lazyRoute(() =>
  import('../features/kyc/routes/real-name-authentication-route').then((m) => ({
    default: m.RealNameAuthenticationRoute,
  })),
);
const PersonCenterRoute = lazyRoute(() => import('./my-screens').then((m) => ({ default: m.PersonCenterScreen })));
const PointsHistoryRoute = lazyRoute(() =>
  import('../features/members/routes/points-history-route').then((m) => ({ default: m.PointsHistoryRoute })),
);
const NewsListRoute = lazyRoute(() =>
  import('../features/news/routes/news-list-route').then((m) => ({ default: m.NewsListRoute })),
);
const NewsArticleRoute = lazyRoute(() =>
  import('../features/news/routes/article-route').then((m) => ({ default: m.ArticleRoute })),
);
const BankListRoute = lazyRoute(() =>
  import('../features/wallet/routes/bank-list-route').then((m) => ({ default: m.BankListRoute })),
);
const BindCardRoute = lazyRoute(() =>
  import('../features/wallet/routes/bind-card-route').then((m) => ({ default: m.BindCardRoute })),
);
const PaymentResultRoute = lazyRoute(() =>
  import('../features/wallet/routes/payment-result-route').then((m) => ({ default: m.PaymentResultRoute })),
);
const FastPaymentRoute = lazyRoute(() =>
  import('../features/wallet/routes/fast-payment-route').then((m) => ({ default: m.FastPaymentRoute })),
);
const BankInRoute = lazyRoute(() =>
  import('../features/wallet/routes/bank-in-route').then((m) => ({ default: m.BankInRoute })),
);
const TransferRoute = lazyRoute(() =>
  import('../features/wallet/routes/transfer-route').then((m) => ({ default: m.TransferRoute })),
);
const WithdrawRoute = lazyRoute(() =>
  import('../features/wallet/routes/withdraw-route').then((m) => ({ default: m.WithdrawRoute })),
);
const BankRecordRoute = lazyRoute(() =>
  import('../features/wallet/routes/bank-record-route').then((m) => ({ default: m.BankRecordRoute })),
);
const PayPasswordRoute = lazyRoute(() =>
  import('../features/trading-password/routes/pay-password-route').then((m) => ({ default: m.PayPasswordRoute })),
);
const DetailRoute = lazyRoute(() =>
  import('../features/market/routes/detail-route').then((m) => ({ default: m.DetailRoute })),
);
const SearchRoute = lazyRoute(() =>
  import('../features/market/routes/search-route').then((m) => ({ default: m.SearchRoute })),
);
const SearchResultsRoute = lazyRoute(() =>
  import('../features/market/routes/search-results-route').then((m) => ({ default: m.SearchResultsRoute })),
);
const TradeRoute = lazyRoute(() =>
  import('../features/trading/routes/trade-route').then((m) => ({ default: m.TradeRoute })),
);
const HoldingRoute = lazyRoute(() =>
  import('../features/trading/routes/holding-route').then((m) => ({ default: m.HoldingRoute })),
);
const HoldDetailRoute = lazyRoute(() =>
  import('../features/trading/routes/hold-detail-route').then((m) => ({ default: m.HoldDetailRoute })),
);
const TransactionRoute = lazyRoute(() =>
  import('../features/trading/routes/transaction-route').then((m) => ({ default: m.TransactionRoute })),
);
const OrderRecordsRoute = lazyRoute(() =>
  import('../features/trading/routes/order-records-route').then((m) => ({ default: m.OrderRecordsRoute })),
);
const HistoryPositionRoute = lazyRoute(() =>
  import('../features/trading/routes/history-position-route').then((m) => ({ default: m.HistoryPositionRoute })),
);
const HistoryDetailRoute = lazyRoute(() =>
  import('../features/trading/routes/history-detail-route').then((m) => ({ default: m.HistoryDetailRoute })),
);
const CalendarRoute = lazyRoute(() =>
  import('../features/ipo/routes/calendar-route').then((m) => ({ default: m.CalendarRoute })),
);
const IssueDetailRoute = lazyRoute(() =>
  import('../features/ipo/routes/issue-detail-route').then((m) => ({ default: m.IssueDetailRoute })),
);
const ApplyRoute = lazyRoute(() =>
  import('../features/ipo/routes/apply-route').then((m) => ({ default: m.ApplyRoute })),
);
const ApplyRecordRoute = lazyRoute(() =>
  import('../features/ipo/routes/records-routes').then((m) => ({ default: m.ApplyRecordRoute })),
);
const SubscriptionRecordsRoute = lazyRoute(() =>
  import('../features/ipo/routes/records-routes').then((m) => ({ default: m.SubscriptionRecordsRoute })),
);
const AllocationRecordsRoute = lazyRoute(() =>
  import('../features/ipo/routes/records-routes').then((m) => ({ default: m.AllocationRecordsRoute })),
);
const LoanApplyRoute = lazyRoute(() =>
  import('../features/loans/routes/loan-apply-route').then((m) => ({ default: m.LoanApplyRoute })),
);
const LoanRecordsRoute = lazyRoute(() =>
  import('../features/loans/routes/loan-records-route').then((m) => ({ default: m.LoanRecordsRoute })),
);
const LoanDetailRoute = lazyRoute(() =>
  import('../features/loans/routes/loan-detail-route').then((m) => ({ default: m.LoanDetailRoute })),
);
const MessagesRoute = lazyRoute(() =>
  import('../features/messages/routes/messages-route').then((m) => ({ default: m.MessagesRoute })),
);
const FundRoute = lazyRoute(() =>
  import('../features/balance/routes/fund-route').then((m) => ({ default: m.FundRoute })),
);
const CustomerServiceRoute = lazyRoute(() =>
  import('../features/support/routes/customer-service-route').then((m) => ({ default: m.CustomerServiceRoute })),
);
const FundPaymentRoute = lazyRoute(() =>
  import('../features/balance/routes/fund-payment-route').then((m) => ({ default: m.FundPaymentRoute })),
);
const FundLogRoute = lazyRoute(() =>
  import('../features/balance/routes/fund-log-route').then((m) => ({ default: m.FundLogRoute })),
);
const BlockTradeRoute = lazyRoute(() =>
  import('../features/blocktrade/routes/block-trade-route').then((m) => ({ default: m.BlockTradeRoute })),
);
const BlockTradeRecordsRoute = lazyRoute(() =>
  import('../features/blocktrade/routes/block-trade-records-route').then((m) => ({
    default: m.BlockTradeRecordsRoute,
  })),
);
const NotFoundRoute = lazyRoute(() =>
  import('../features/errors/routes/not-found-route').then((m) => ({ default: m.NotFoundRoute })),
);

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
