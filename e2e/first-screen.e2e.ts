import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_JS_BUDGET_BYTES,
  LOGIN_JS_CEILING_BYTES,
  measureLoginInitialLoad,
} from '../scripts/first-screen-budget.ts';
import { root } from './server.ts';

const dist = path.join(root, 'apps/web/dist');

/**
 * Issue 17: the JavaScript the login route needs before it shows (index.html's module script, its static
 * imports, the login chunk and the current language's catalog), gzip, measured on the real build.
 */
describe('first screen', () => {
  it("loads the first screen's sections of one language catalog, not a whole catalog nor twelve", () => {
    for (const language of ['de', 'zh-CN']) {
      const { chunks } = measureLoginInitialLoad(dist, language);
      const catalogs = chunks.filter((chunk) => chunk.includes('packages/shared/src/i18n/'));
      expect(catalogs).toEqual([`../../packages/shared/src/i18n/first-screen/${language}.ts`]);
    }
  });

  it(`keeps the login route's initial JavaScript within ${LOGIN_JS_CEILING_BYTES / 1024} KB gzip (target ${LOGIN_JS_BUDGET_BYTES / 1024} KB)`, () => {
    const load = measureLoginInitialLoad(dist);
    console.info(
      `login initial JS: ${(load.scriptGzipBytes / 1024).toFixed(1)} KB gzip in ${load.scripts.length} files; CSS ${(load.styleGzipBytes / 1024).toFixed(1)} KB`,
    );
    expect(load.scriptGzipBytes).toBeLessThanOrEqual(LOGIN_JS_CEILING_BYTES);
  });
});
