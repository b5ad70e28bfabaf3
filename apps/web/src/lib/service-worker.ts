import { Dialog } from 'antd-mobile';
import { i18n } from './i18n';

/** How long "check for updates" waits for a found update to finish installing. */
const INSTALL_WAIT_MS = 30_000;
/** A returning user is checked for a new version at most this often. */
const BACKGROUND_CHECK_INTERVAL_MS = 60 * 60_000;

export type UpdateCheckResult = 'update-available' | 'up-to-date';

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;
let promptOpen = false;
let lastCheckAt = 0;

/** Offers the waiting version; on "update now" the worker takes over and the page reloads. */
function promptUpdate(worker: ServiceWorker): void {
  if (promptOpen) return;
  promptOpen = true;
  void Dialog.confirm({
    'aria-label': i18n.t('pwa.updateAvailable'),
    content: i18n.t('pwa.updateAvailable'),
    confirmText: i18n.t('pwa.reload'),
    cancelText: i18n.t('common.cancel'),
  }).then((accepted) => {
    promptOpen = false;
    if (!accepted) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
}

/** Resolves with the worker once it is installed (waiting), or null if it fails or takes too long. */
function whenInstalled(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  if (worker.state === 'installed') return Promise.resolve(worker);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), INSTALL_WAIT_MS);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' || worker.state === 'redundant') {
        clearTimeout(timer);
        resolve(worker.state === 'installed' ? worker : null);
      }
    });
  });
}

function watchForUpdates(reg: ServiceWorkerRegistration): void {
  // A waiting worker only means an update when a page is already controlled (not on first install).
  if (reg.waiting && navigator.serviceWorker.controller) promptUpdate(reg.waiting);
  reg.addEventListener('updatefound', () => {
    void whenInstalled(reg.installing).then((worker) => {
      if (worker && navigator.serviceWorker.controller) promptUpdate(worker);
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheckAt < BACKGROUND_CHECK_INTERVAL_MS) return;
    lastCheckAt = Date.now();
    reg.update().catch(() => undefined);
  });
}

/**
 * Registers the service worker (production builds only). Each build stamps its id into sw.js, so a
 * deployment is a new worker, which is then offered to the user as an update.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registration = new Promise((resolve) => {
    const register = () => {
      navigator.serviceWorker
        // updateViaCache 'none': update checks always ask the server, never the HTTP cache.
        .register('./sw.js', { scope: './', updateViaCache: 'none' })
        .then((reg) => {
          lastCheckAt = Date.now();
          watchForUpdates(reg);
          resolve(reg);
        })
        .catch(() => resolve(undefined));
    };
    // After the page has loaded, so installing the worker does not compete with the first render.
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  });
}

/** "Check for updates": asks the registration to look for a new version and offers it if found. */
export async function checkForUpdate(): Promise<UpdateCheckResult> {
  if (!('serviceWorker' in navigator)) return 'up-to-date';
  const reg = await (registration ?? navigator.serviceWorker.getRegistration());
  if (!reg) return 'up-to-date';
  lastCheckAt = Date.now();
  try {
    await reg.update();
  } catch {
    return 'up-to-date';
  }
  const waiting = reg.waiting ?? (await whenInstalled(reg.installing));
  if (waiting && navigator.serviceWorker.controller) {
    promptUpdate(waiting);
    return 'update-available';
  }
  return 'up-to-date';
}

/** Deletes every Cache Storage entry the service worker made (the shell is fetched again). */
export async function clearServiceWorkerCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}
