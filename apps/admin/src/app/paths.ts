/** Every screen's route, in one place: screens link with `paths.x.getHref()`, never a string literal. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  signIn: { path: '/sign-in', getHref: () => '/sign-in' },
  invitations: { path: '/invitations', getHref: () => '/invitations' },
  kyc: { path: '/kyc', getHref: () => '/kyc' },
  audit: { path: '/audit', getHref: () => '/audit' },
} as const;
