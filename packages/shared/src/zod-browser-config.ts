import { config } from 'zod/v4/core';

/**
 * In the browser zod checks data without compiling its object schemas to code. The CSP of both apps
 * forbids `eval`, so zod could not compile them anyway, but the probe it makes when the first object
 * schema is built (a `new Function` it catches) is still reported as a CSP violation: Lighthouse's
 * "issues in the DevTools panel" (best practices 96 on every data page) and the browser journeys' CSP
 * check (e2e/browser.ts). The server keeps zod's compiled checks.
 */
config({ jitless: true });
