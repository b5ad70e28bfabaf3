import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyColorConvention, readStoredColorConvention, resolveColorConvention } from './lib/color-convention';
import { loadQueryClient } from './lib/load-query-client';
import { loadLanguage } from './lib/i18n';
import { initLanguage } from './lib/language';
import { installChunkReload } from './lib/chunk-reload';
import './app/theme.css';

// The first screen's sections of the current language's catalog (a small chunk) are loaded before
// anything renders; the whole catalog follows after the first paint, and every screen but the login
// waits for it (lib/lazy-route.ts): no raw key shows.
const lang = await initLanguage();
// Before the first paint; the app then keeps it on the convention in force (the profile's, once loaded).
applyColorConvention(resolveColorConvention({ profile: null, device: readStoredColorConvention(), lang }));
// A chunk gone after a new deployment reloads the app once (lib/chunk-reload.ts).
installChunkReload();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The rest of the catalog, antd-mobile's set-up (render adapter, no animations, its texts), TanStack
// Query's client and how the other screens are imported (app/screens.ts), once the first screen is on its
// way; a screen opened meanwhile loads them itself (lib/lazy-route.ts, app/router.tsx).
setTimeout(() => {
  void loadLanguage(lang).catch(() => undefined);
  void import('./lib/antd-setup');
  void loadQueryClient().catch(() => undefined);
  void import('./app/screens').catch(() => undefined);
}, 0);

// Production only: in development the worker would serve stale modules. Loaded after the first
// render, so the update dialog's code is not part of the initial bundle.
if (import.meta.env.PROD) void import('./lib/service-worker').then((module) => module.registerServiceWorker());
