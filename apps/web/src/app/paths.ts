import type { PERIODS } from '@bourse/shared/schemas/wallet';

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

export const paths = {
  root: route('/'),
  login: route('/login'),
  register: route('/register'),
  agreement: route('/agreement'),
  forgotPassword: route('/forgotPassword'),
  changePassword: route('/changePassword'),
  home: route('/home'),
  my: route('/my'),
  setting: route('/setting'),
  settingLanguage: route('/setting/language'),
  realNameAuthentication: route('/realNameAuthentication'),
  personCenter: route('/personCenter'),
  bankList: route('/ucenter/bank-list'),
  bindCard: route('/ucenter/bank'),
  fastPayment: route('/fastpayment'),
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
} as const;

/**
 * Routes reachable without a session (product spec §2). Some are not built yet (/shop, /explore,
 * /detail, /search); they stay listed so the guard's rule does not change when they arrive.
 */
export const OPEN_ROUTES: readonly string[] = [
  paths.login.path,
  paths.agreement.path,
  paths.register.path,
  '/shop',
  '/explore',
  '/detail',
  '/search',
  paths.forgotPassword.path,
  paths.changePassword.path,
  paths.settingLanguage.path,
];

/** Tab pages: shown with the tab bar and kept alive when the user switches tabs. */
export const TAB_PATHS: readonly string[] = [paths.home.path, paths.my.path];
