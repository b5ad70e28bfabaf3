import { fileURLToPath } from 'node:url';

/**
 * The alias both browser builds (the investor app and the console) resolve `zod` with: zod configured for
 * the browser before any schema is built (packages/shared/src/zod-browser.ts). The server keeps zod as it is.
 */
export const zodBrowserAlias = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('../packages/shared/src/zod-browser.ts', import.meta.url)),
};
