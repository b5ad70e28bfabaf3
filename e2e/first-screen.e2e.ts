import { readdirSync, readFileSync } from 'node:fs';
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

  it('loads the charting library only with the stock’s candles, not on home', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[] }
    >;
    // lightweight-charts' code, recognised by its attribution link, is in the candle chart's chunk alone.
    const assets = path.join(dist, 'assets');
    const withLibrary = readdirSync(assets).filter(
      (file) => file.endsWith('.js') && /tradingview\.com/i.test(readFileSync(path.join(assets, file), 'utf8')),
    );
    const candles = 'src/features/market/components/candle-chart.tsx';
    expect(withLibrary.map((file) => `assets/${file}`)).toEqual([manifest[candles]!.file]);
    // And that chunk is loaded by the market's screens only. Home's value chart is an SVG path of its own
    // (features/portfolio/components/portfolio-chart.tsx).
    const importers = Object.keys(manifest).filter((key) =>
      [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])].includes(candles),
    );
    expect(importers.length).toBeGreaterThan(0);
    for (const importer of importers) expect(importer).toMatch(/^src\/features\/market\//);
  });
});
