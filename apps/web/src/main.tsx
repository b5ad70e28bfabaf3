import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstPaint } from './app/after-first-paint';
import { App } from './app/app';
import { applyColorConvention, readStoredColorConvention, resolveColorConvention } from './lib/color-convention';
import { initLanguage } from './lib/language';
import { useSessionStore } from './lib/session-store';
import { hashLocation, prefetchRoute } from './app/route-prefetch';
import { preloadOpeningScreen } from './app/router';
import { installChunkReload } from './lib/chunk-reload';
import { warmUpIntl } from './lib/intl-warm-up';
import './app/theme.css';

// The first screen's sections of the current language's catalog (a small chunk) are loaded before
// anything renders; the whole catalog follows after the first paint, and every screen but the login
// waits for it (lib/lazy-route.ts): no raw key shows.
const languageReady = initLanguage();
// The browser's first number and date formatters are built in a worker while the screen loads: the first
// one loads ICU's data for the whole process, a long task on the main thread (lib/intl-warm-up.ts).
warmUpIntl(useSessionStore.getState().language);
// The screen the app opens on has sent its first requests already (opening-prefetch.ts, loaded ahead of
// this entry), in parallel with the catalog's first sections and its chunks; should that script not have
// run, they are sent now (once: app/route-prefetch.ts).
const opening = { ...hashLocation(window.location.hash), hasToken: useSessionStore.getState().token !== null };
prefetchRoute(opening, useSessionStore.getState());
// What that screen waits for (the login's chunk, or the guard's configuration query) too: app/router.tsx.
preloadOpeningScreen(opening);
const lang = await languageReady;
// Before the first paint; the app then keeps it on the convention in force (the profile's, once loaded).
applyColorConvention(resolveColorConvention({ profile: null, device: readStoredColorConvention(), lang }));
// A chunk gone after a new deployment reloads the app once (lib/chunk-reload.ts).
installChunkReload();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The rest of the catalog, antd-mobile's set-up, the query client, the other screens, the service worker.
afterFirstPaint(lang);
