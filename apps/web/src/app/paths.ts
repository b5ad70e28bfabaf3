/**
 * The route registry: every screen's path in one place. Screens link with `paths.x.getHref()`, the
 * router registers `paths.x.path`; no path literals elsewhere.
 */
function route<const P extends string>(path: P) {
  return { path, getHref: () => path };
}

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
