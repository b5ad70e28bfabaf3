/**
 * Lets code outside React (the request client, session handling) navigate with the router. The app
 * registers react-router's navigate function and keeps the current path here; before that, the hash
 * is used directly (HashRouter follows it).
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Where the login screen sends the user afterwards: the route the guard interrupted. */
export interface LoginRedirectState {
  from?: string;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

let registered: Navigate | null = null;
let currentPath: string | null = null;

export function registerNavigator(navigate: Navigate): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

/** Called by the router bridge whenever the location changes. */
export function setCurrentPath(path: string): void {
  currentPath = path;
}

/** The route being shown, e.g. `/setting` (path and query). */
export function getCurrentPath(): string {
  return currentPath ?? (window.location.hash.slice(1) || '/');
}

export function navigateTo(to: string, options: NavigateOptions = {}): void {
  if (registered) {
    registered(to, options);
    return;
  }
  if (options.replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
}
