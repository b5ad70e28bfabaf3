/** Every screen's route, in one place: screens link with `paths.x.getHref()`, never a string literal. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  signIn: { path: '/sign-in', getHref: () => '/sign-in' },
  invitations: { path: '/invitations', getHref: () => '/invitations' },
  kyc: { path: '/kyc', getHref: () => '/kyc' },
  withdrawals: { path: '/withdrawals', getHref: () => '/withdrawals' },
  payments: { path: '/payments', getHref: () => '/payments' },
  users: { path: '/users', getHref: () => '/users' },
  user: { path: '/users/:userId', getHref: (userId: number) => `/users/${userId}` },
  orders: {
    path: '/orders',
    getHref: (filters: { userId?: number } = {}) => (filters.userId ? `/orders?userId=${filters.userId}` : '/orders'),
  },
  instruments: { path: '/instruments', getHref: () => '/instruments' },
  ipo: { path: '/ipo', getHref: () => '/ipo' },
  ipoResults: { path: '/ipo/:issueId/results', getHref: (issueId: number) => `/ipo/${issueId}/results` },
  blockTrades: { path: '/block-trades', getHref: () => '/block-trades' },
  ledger: { path: '/ledger', getHref: () => '/ledger' },
  settings: { path: '/settings', getHref: () => '/settings' },
  fund: { path: '/fund', getHref: () => '/fund' },
  calendar: { path: '/calendar', getHref: () => '/calendar' },
  audit: { path: '/audit', getHref: () => '/audit' },
} as const;
