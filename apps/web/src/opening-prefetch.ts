import { hashLocation, prefetchRoute } from './app/route-prefetch';
import { readStoredSession } from './lib/stored-session';

/**
 * The opening screen's first requests, sent by a script of their own that index.html loads `async` ahead
 * of the app's entry (the build adds it: vite.config.ts, `openingPrefetchScript`). It is small (this entry
 * and one chunk of 3 KB gzip the app's entry shares: no React, no store, no zod), so it runs as soon as it
 * arrives, while React, the router and the catalog are still on their way, and in a task of its own: sent from main.tsx, the six `fetch` calls of home took some
 * 30 ms of the 4×-slowed main thread inside the task that evaluates the whole entry (issue 17,
 * docs/performance.md). main.tsx asks again; the requests are sent once (lib/prefetch.ts).
 */
prefetchRoute(hashLocation(window.location.hash), readStoredSession());
