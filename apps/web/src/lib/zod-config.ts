import { config } from 'zod/v4/core';

/**
 * Zod checks the app's data without compiling its object schemas to code. The CSP forbids `eval`, so zod
 * could not compile them anyway, but the probe it makes when the first object schema is built (a
 * `new Function` it catches) is still reported as a CSP violation: Lighthouse's "issues in the DevTools
 * panel", best practices 96 on every data page, and the crawl's CSP check (e2e/crawl.e2e.ts).
 */
config({ jitless: true });
