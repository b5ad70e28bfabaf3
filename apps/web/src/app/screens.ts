/**
 * How each screen but the login is imported (app/router.tsx, app/guard.tsx). Its own chunk, loaded after
 * the first paint (main.tsx) or with the first screen opened: each import's preload list (the chunks a
 * screen needs, fetched in parallel) and the hashed file names are not part of the login's first load
 * (docs/performance.md, "First screen").
 */
export const RegisterRoute = () =>
  import('../features/auth/routes/register-route').then((m) => ({ default: m.RegisterRoute }));
export const ForgotPasswordRoute = () =>
  import('../features/auth/routes/forgot-password-route').then((m) => ({ default: m.ForgotPasswordRoute }));
export const ChangePasswordRoute = () =>
  import('../features/auth/routes/change-password-route').then((m) => ({ default: m.ChangePasswordRoute }));
export const AgreementRoute = () =>
  import('../features/agreement/routes/agreement-route').then((m) => ({ default: m.AgreementRoute }));
export const SettingsRoute = () =>
  import('../features/settings/routes/settings-route').then((m) => ({ default: m.SettingsRoute }));
export const ColorsRoute = () =>
  import('../features/settings/routes/colors-route').then((m) => ({ default: m.ColorsRoute }));
export const LanguageRoute = () =>
  import('../features/settings/routes/language-route').then((m) => ({ default: m.LanguageRoute }));
export const PersonInfoRoute = () =>
  import('../features/profile/routes/person-info-route').then((m) => ({ default: m.PersonInfoRoute }));
export const DataRightsRoute = () =>
  import('../features/profile/routes/data-rights-route').then((m) => ({ default: m.DataRightsRoute }));
export const GuideRoute = () => import('../features/guide/routes/guide-route').then((m) => ({ default: m.GuideRoute }));
export const HomeDetailRoute = () =>
  import('../features/homedetail/routes/home-detail-route').then((m) => ({ default: m.HomeDetailRoute }));
export const ExploreScreen = () => import('./explore-screen').then((m) => ({ default: m.ExploreScreen }));
export const ShopRoute = () => import('../features/shop/routes/shop-route').then((m) => ({ default: m.ShopRoute }));
export const DemoRoute = () => import('../features/demo/routes/demo-route').then((m) => ({ default: m.DemoRoute }));
export const DeviceCheckRoute = () =>
  import('../features/device-check/routes/device-check-route').then((m) => ({ default: m.DeviceCheckRoute }));
export const RealNameAuthenticationRoute = () =>
  import('../features/kyc/routes/real-name-authentication-route').then((m) => ({
    default: m.RealNameAuthenticationRoute,
  }));
export const PersonCenterRoute = () => import('./my-screens').then((m) => ({ default: m.PersonCenterScreen }));
export const PointsHistoryRoute = () =>
  import('../features/members/routes/points-history-route').then((m) => ({ default: m.PointsHistoryRoute }));
export const NewsListRoute = () =>
  import('../features/news/routes/news-list-route').then((m) => ({ default: m.NewsListRoute }));
export const NewsArticleRoute = () =>
  import('../features/news/routes/article-route').then((m) => ({ default: m.ArticleRoute }));
export const BankListRoute = () =>
  import('../features/wallet/routes/bank-list-route').then((m) => ({ default: m.BankListRoute }));
export const BindCardRoute = () =>
  import('../features/wallet/routes/bind-card-route').then((m) => ({ default: m.BindCardRoute }));
export const PaymentResultRoute = () =>
  import('../features/wallet/routes/payment-result-route').then((m) => ({ default: m.PaymentResultRoute }));
export const FastPaymentRoute = () =>
  import('../features/wallet/routes/fast-payment-route').then((m) => ({ default: m.FastPaymentRoute }));
export const BankInRoute = () =>
  import('../features/wallet/routes/bank-in-route').then((m) => ({ default: m.BankInRoute }));
export const TransferRoute = () =>
  import('../features/wallet/routes/transfer-route').then((m) => ({ default: m.TransferRoute }));
export const WithdrawRoute = () =>
  import('../features/wallet/routes/withdraw-route').then((m) => ({ default: m.WithdrawRoute }));
export const BankRecordRoute = () =>
  import('../features/wallet/routes/bank-record-route').then((m) => ({ default: m.BankRecordRoute }));
export const PayPasswordRoute = () =>
  import('../features/trading-password/routes/pay-password-route').then((m) => ({ default: m.PayPasswordRoute }));
export const DetailRoute = () =>
  import('../features/market/routes/detail-route').then((m) => ({ default: m.DetailRoute }));
export const SearchRoute = () =>
  import('../features/market/routes/search-route').then((m) => ({ default: m.SearchRoute }));
export const SearchResultsRoute = () =>
  import('../features/market/routes/search-results-route').then((m) => ({ default: m.SearchResultsRoute }));
export const TradeRoute = () =>
  import('../features/trading/routes/trade-route').then((m) => ({ default: m.TradeRoute }));
export const HoldingRoute = () =>
  import('../features/trading/routes/holding-route').then((m) => ({ default: m.HoldingRoute }));
export const HoldDetailRoute = () =>
  import('../features/trading/routes/hold-detail-route').then((m) => ({ default: m.HoldDetailRoute }));
export const TransactionRoute = () =>
  import('../features/trading/routes/transaction-route').then((m) => ({ default: m.TransactionRoute }));
export const OrderRecordsRoute = () =>
  import('../features/trading/routes/order-records-route').then((m) => ({ default: m.OrderRecordsRoute }));
export const HistoryPositionRoute = () =>
  import('../features/trading/routes/history-position-route').then((m) => ({ default: m.HistoryPositionRoute }));
export const HistoryDetailRoute = () =>
  import('../features/trading/routes/history-detail-route').then((m) => ({ default: m.HistoryDetailRoute }));
export const CalendarRoute = () =>
  import('../features/ipo/routes/calendar-route').then((m) => ({ default: m.CalendarRoute }));
export const IssueDetailRoute = () =>
  import('../features/ipo/routes/issue-detail-route').then((m) => ({ default: m.IssueDetailRoute }));
export const ApplyRoute = () => import('../features/ipo/routes/apply-route').then((m) => ({ default: m.ApplyRoute }));
export const ApplyRecordRoute = () =>
  import('../features/ipo/routes/records-routes').then((m) => ({ default: m.ApplyRecordRoute }));
export const SubscriptionRecordsRoute = () =>
  import('../features/ipo/routes/records-routes').then((m) => ({ default: m.SubscriptionRecordsRoute }));
export const AllocationRecordsRoute = () =>
  import('../features/ipo/routes/records-routes').then((m) => ({ default: m.AllocationRecordsRoute }));
export const LoanApplyRoute = () =>
  import('../features/loans/routes/loan-apply-route').then((m) => ({ default: m.LoanApplyRoute }));
export const LoanRecordsRoute = () =>
  import('../features/loans/routes/loan-records-route').then((m) => ({ default: m.LoanRecordsRoute }));
export const LoanDetailRoute = () =>
  import('../features/loans/routes/loan-detail-route').then((m) => ({ default: m.LoanDetailRoute }));
export const MessagesRoute = () =>
  import('../features/messages/routes/messages-route').then((m) => ({ default: m.MessagesRoute }));
export const FundRoute = () => import('../features/balance/routes/fund-route').then((m) => ({ default: m.FundRoute }));
export const CustomerServiceRoute = () =>
  import('../features/support/routes/customer-service-route').then((m) => ({ default: m.CustomerServiceRoute }));
export const FundPaymentRoute = () =>
  import('../features/balance/routes/fund-payment-route').then((m) => ({ default: m.FundPaymentRoute }));
export const FundLogRoute = () =>
  import('../features/balance/routes/fund-log-route').then((m) => ({ default: m.FundLogRoute }));
export const BlockTradeRoute = () =>
  import('../features/blocktrade/routes/block-trade-route').then((m) => ({ default: m.BlockTradeRoute }));
export const BlockTradeRecordsRoute = () =>
  import('../features/blocktrade/routes/block-trade-records-route').then((m) => ({
    default: m.BlockTradeRecordsRoute,
  }));
export const NotFoundRoute = () =>
  import('../features/errors/routes/not-found-route').then((m) => ({ default: m.NotFoundRoute }));
export const KeepAliveTabs = () => import('./keep-alive-tabs').then((m) => ({ default: m.KeepAliveTabs }));
