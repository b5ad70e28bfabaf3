import type { NewsCategory } from '@bourse/shared/schemas/news';
import type { PERIODS } from '@bourse/shared/schemas/wallet';
// Not from the wallet schemas: this module is on the first screen, which loads no zod.
import { PAYMENT_RETURN_PATH } from '@bourse/shared/payment-return';

/**
 * The route registry: every screen's path in one place. Screens link with `paths.x.getHref()`, the
 * router registers `paths.x.path`; no path literals elsewhere.
 */
function route<const P extends string>(path: P) {
  return { path, getHref: () => path };
}

/** The two ways into the account on /bankIn/:type (product spec §2): quick payment or a bank transfer. */
export const BANK_IN_TYPES = ['quick', 'transfer'] as const;
export type BankInType = (typeof BANK_IN_TYPES)[number];

/** Finance-record filters carried in the query string, so a link can open a given tab and period. */
export interface BankRecordFilter {
  direction?: RecordDirection;
  period?: RecordPeriod;
}
export type RecordDirection = 'in' | 'out';
export type RecordPeriod = (typeof PERIODS)[number];

/** The status tabs of the order records (/shares/creatOrder); `all` is the default. */
export const ORDER_RECORD_FILTERS = ['all', 'open', 'filled', 'cancelled', 'expired', 'rejected'] as const;
export type OrderRecordFilter = (typeof ORDER_RECORD_FILTERS)[number];

/** The tabs of the orders screen (/transaction); `open` is the default. */
export const ORDERS_TABS = ['open', 'fills', 'all'] as const;
export type OrdersTab = (typeof ORDERS_TABS)[number];

/** The tabs of the new-share calendar (/shares/new); `open` is the default. */
export const IPO_CALENDAR_TABS = ['upcoming', 'open', 'closed', 'listed'] as const;
export type IpoCalendarTabKey = (typeof IPO_CALENDAR_TABS)[number];

/** The status filters of the subscription records (/ucenter/shengou); `all` is the default. */
export const SUBSCRIPTION_RECORD_FILTERS = ['all', 'subscribed', 'not_allotted', 'allotted'] as const;
export type SubscriptionRecordFilter = (typeof SUBSCRIPTION_RECORD_FILTERS)[number];

/** The status filters of the block-trade records (/shares/dzjy-record); `all` is the default. */
export const BLOCK_ORDER_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type BlockOrderFilter = (typeof BLOCK_ORDER_FILTERS)[number];

export const paths = {
  root: route('/'),
  login: route('/login'),
  register: route('/register'),
  agreement: route('/agreement'),
  forgotPassword: route('/forgotPassword'),
  changePassword: route('/changePassword'),
  /**
   * The same change-password screen under the spec's other address. Not an open route: the spec's
   * list of routes open without a session names only /changePassword.
   */
  changePasswordAlias: route('/change-pwt'),
  home: route('/home'),
  market: route('/market'),
  /** A stock's detail: quote, key figures, chart (open to everyone, product spec §2). */
  detail: {
    path: '/detail',
    getHref: (code: string) => `/detail?code=${encodeURIComponent(code)}`,
  },
  /** The same detail screen under the spec's other address; `title` is the instrument code. */
  stockInfo: {
    path: '/stockInfo/:title?',
    getHref: (code: string) => `/stockInfo/${encodeURIComponent(code)}`,
  },
  search: route('/search'),
  searchResults: {
    path: '/search/search',
    getHref: (query: string) => `/search/search?q=${encodeURIComponent(query)}`,
  },
  my: route('/my'),
  setting: route('/setting'),
  settingLanguage: route('/setting/language'),
  /** The colour convention of rises and falls (open without login: kept on the device). */
  settingColors: route('/setting/colors'),
  realNameAuthentication: route('/realNameAuthentication'),
  personCenter: route('/personCenter'),
  /** Personal information: avatar, nickname, e-mail, the mobile number masked. */
  personInfo: route('/personInfo'),
  /** The investor's data rights: download everything, request the account's closure. */
  settingData: route('/setting/data'),
  /** The guide to getting started (open without login; its steps' screens need one). */
  guide: route('/anleitung'),
  /** The account in full, each figure explained (opened from home). */
  homeDetail: route('/homedetail'),
  /** The market overview for visitors (open without login). */
  explore: route('/explore'),
  /** The products on offer with their conditions (open without login). */
  shop: route('/shop'),
  /** A guided tour of the app, step by step. */
  demo: route('/demo'),
  /** The connection and device check. */
  deviceTest: route('/test'),
  /** Every change of the investor's credit points with its reason. */
  creditPoints: route('/ucenter/points'),
  bankList: route('/ucenter/bank-list'),
  bindCard: route('/ucenter/bank'),
  fastPayment: route('/fastpayment'),
  /** Where the payment provider sends the payer back: the outcome of one payment in (credited, pending, declined). */
  paymentResult: {
    path: PAYMENT_RETURN_PATH,
    getHref: (paymentId: number) => `${PAYMENT_RETURN_PATH}?id=${paymentId}`,
  },
  bankIn: {
    path: '/bankIn/:type?',
    getHref: (type?: BankInType) => (type ? `/bankIn/${type}` : '/bankIn'),
  },
  transfer: route('/ucenter/transfer'),
  withdraw: route('/withdraw'),
  payPassword: route('/payPwd'),
  bankRecord: {
    path: '/bankRecord',
    getHref: (filter: BankRecordFilter = {}) => {
      const query = new URLSearchParams();
      if (filter.direction) query.set('direction', filter.direction);
      if (filter.period) query.set('period', filter.period);
      const search = query.toString();
      return search ? `/bankRecord?${search}` : '/bankRecord';
    },
  },
  trade: {
    path: '/trade',
    /** The order ticket, opened on an instrument and side; a sell may name the position lot to sell from. */
    getHref: (code?: string, side?: 'buy' | 'sell', positionId?: number) => {
      const query = new URLSearchParams();
      if (code) query.set('code', code);
      if (side) query.set('side', side);
      if (positionId !== undefined) query.set('positionId', String(positionId));
      const search = query.toString();
      return search ? `/trade?${search}` : '/trade';
    },
  },
  holding: {
    path: '/ucenter/holding',
    /** Holdings per instrument; with a code, the open lots of that instrument. */
    getHref: (code?: string) =>
      code ? `/ucenter/holding?${new URLSearchParams({ code }).toString()}` : '/ucenter/holding',
  },
  holdDetail: {
    path: '/shares/holdDetail',
    getHref: (positionId: number) => `/shares/holdDetail?id=${positionId}`,
  },
  /**
   * The investor's orders, the one entry for them (issue 16): open orders, today's fills, and every
   * order filtered by status (`?tab=all&status=filled`).
   */
  transaction: {
    path: '/transaction',
    getHref: (tab?: OrdersTab, status?: OrderRecordFilter) => {
      const query = new URLSearchParams();
      if (tab && tab !== 'open') query.set('tab', tab);
      if (tab === 'all' && status && status !== 'all') query.set('status', status);
      const search = query.toString();
      return search ? `/transaction?${search}` : '/transaction';
    },
  },
  /** The spec's address of the order records: opens the orders' "all" tab (with `?status=` kept). */
  orderRecords: {
    path: '/shares/creatOrder',
    getHref: (status?: OrderRecordFilter) => (status ? `/shares/creatOrder?status=${status}` : '/shares/creatOrder'),
  },
  historyPosition: {
    path: '/historyPosition',
    getHref: (period?: RecordPeriod) => (period ? `/historyPosition?period=${period}` : '/historyPosition'),
  },
  historyDetail: {
    path: '/historyDetail',
    getHref: (positionId: number) => `/historyDetail?id=${positionId}`,
  },
  /** The new-share calendar, opened on a tab (`?tab=upcoming`). */
  newShares: {
    path: '/shares/new',
    getHref: (tab?: IpoCalendarTabKey) => (tab && tab !== 'open' ? `/shares/new?tab=${tab}` : '/shares/new'),
  },
  /** Published news by category (`?category=`; company news when absent). */
  news: {
    path: '/news',
    getHref: (category?: NewsCategory) => (category && category !== 'company' ? `/news?category=${category}` : '/news'),
  },
  /** One news article. */
  newsArticle: {
    path: '/news/:id',
    getHref: (id: number) => `/news/${id}`,
  },
  /** One issue: its terms, its draw and the investor's allotment. */
  newShareDetail: {
    path: '/shares/new-detail',
    getHref: (issueId: number) => `/shares/new-detail?id=${issueId}`,
  },
  /** Subscribing to one issue. */
  apply: {
    path: '/apply',
    getHref: (issueId: number) => `/apply?id=${issueId}`,
  },
  /** Application records: every subscription, newest first. */
  applyRecord: route('/apply-record'),
  /** Subscription records by status (already subscribed / no allotment / allotted). */
  subscriptionRecords: {
    path: '/ucenter/shengou',
    getHref: (status?: SubscriptionRecordFilter) =>
      status && status !== 'all' ? `/ucenter/shengou?status=${status}` : '/ucenter/shengou',
  },
  /** Allocation records: the draws' outcomes with what was captured and released. */
  allocationRecords: route('/ucenter/allocation'),
  /** Open block-trade offers and the order sheet. */
  /** Loans (issue 14): the application, the records and one loan with its repayment. */
  loan: route('/loan'),
  loanRecords: route('/loan/records'),
  loanDetail: { path: '/loan/:id', getHref: (id: number) => `/loan/${id}` },
  /** The balance fund (issue 14): its screen, buying or redeeming (`?mode=redeem`), its history. */
  fund: route('/trade/money'),
  fundPayment: {
    path: '/payment',
    getHref: (mode: 'purchase' | 'redeem' = 'purchase') => (mode === 'redeem' ? '/payment?mode=redeem' : '/payment'),
  },
  fundHistory: route('/trade/history'),
  moneyLog: route('/ucenter/moneyLog'),
  /** The message centre (issue 15): notifications and announcements. */
  messages: route('/messages'),
  blockTrade: route('/shares/dzjy'),
  blockTradeRecords: {
    path: '/shares/dzjy-record',
    getHref: (status?: BlockOrderFilter) =>
      status && status !== 'all' ? `/shares/dzjy-record?status=${status}` : '/shares/dzjy-record',
  },
  /** Customer service (issue 15): the chat with the operators, under both of the spec's addresses. */
  customerService: route('/customerService'),
  customerServiceAlias: route('/cms/web'),
} as const;

/**
 * Routes reachable without a session (product spec §2): exactly the spec's list, so /market,
 * /stockInfo/… and /search/search need a login.
 */
export const OPEN_ROUTES: readonly string[] = [
  paths.login.path,
  paths.agreement.path,
  paths.register.path,
  paths.shop.path,
  paths.explore.path,
  paths.detail.path,
  paths.search.path,
  paths.forgotPassword.path,
  paths.changePassword.path,
  paths.settingLanguage.path,
  paths.settingColors.path,
  paths.guide.path,
];

/** Tab pages: shown with the tab bar and kept alive when the user switches tabs. */
export const TAB_PATHS: readonly string[] = [paths.home.path, paths.market.path, paths.my.path];
