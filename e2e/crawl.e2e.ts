import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { catalogs, flattenCatalog } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../apps/web/src/lib/paths.ts';
import { logInThroughApi } from './api.ts';
import { launch, phoneContext, watchContentSecurityPolicy, type ContentSecurityWatch } from './browser.ts';
import { root } from './server.ts';

const e2e = inject('e2e');

/** Every path the router registers (`paths.x.path` in router.tsx), by its name in the route table. */
const routerSource = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
const routeNames = [...new Set(Array.from(routerSource.matchAll(/paths\.(\w+)\.path/g), (m) => m[1]!))];

/** Concrete addresses for routes with parameters (an id that may not exist shows the screen's not-found state). */
const concrete: Partial<Record<keyof typeof paths, string>> = {
  detail: '/detail?code=SAP',
  stockInfo: '/stockInfo/SAP',
  trade: '/trade?code=SAP',
  bankIn: '/bankIn/quick',
  newsArticle: '/news/1',
  loanDetail: '/loan/1',
};

const urls = routeNames.map((name) => {
  const url = concrete[name as keyof typeof paths] ?? (paths as Record<string, { path: string }>)[name]!.path;
  return { name, url };
});

/** Every catalog key, for spotting a raw key on screen (`auth.login` instead of its text). */
const catalogKeys = new Set(Object.keys(flattenCatalog(catalogs.en)));

interface Finding {
  where: string;
  problem: string;
}

/**
 * Issue 17: every route of the investor app at a phone's width (390 px), as a visitor and as the demo
 * investor, in German and in Chinese: no serious or critical axe violation, no sideways scroll, no
 * raw translation key in the text or the accessible names. One browser, one page, routes visited by
 * hash; findings collected and reported together.
 */
describe.skipIf(!e2e.chromium)('crawl every route', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let csp: ContentSecurityWatch;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
    csp = await watchContentSecurityPolicy(page);
    token = await logInThroughApi(e2e.baseUrl, e2e.credentials.investor.username, e2e.credentials.investor.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('covers every path the router registers', () => {
    expect(routeNames.length).toBeGreaterThan(60);
    for (const { name, url } of urls) expect(url, name).not.toMatch(/:\w/);
    // The raw-key check recognises a key as the catalogs spell it.
    expect(catalogKeys.has('auth.login')).toBe(true);
  });

  async function settle() {
    // The screen's chunk and first data: no loading state, then a short pause for late renders.
    await page.waitForFunction(() => !document.querySelector('.page-loading:not(.page-loading-inline)'), undefined, {
      timeout: 15_000,
    });
    await page.waitForTimeout(150);
  }

  /** Raw-key and scroll checks on every route; axe (the slow part) once per screen actually shown. */
  async function inspect(where: string, runAxe: boolean): Promise<Finding[]> {
    const findings: Finding[] = [];
    // The emulated phone's width, not innerWidth: a mobile browser zooms out to fit wider content, and
    // innerWidth grows with it.
    const viewport = page.viewportSize()!.width;
    const { scrollWidth, texts } = await page.evaluate(() => {
      const labelled = Array.from(document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')).flatMap((el) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''),
      );
      return {
        scrollWidth: document.documentElement.scrollWidth,
        texts: [document.body.innerText, document.title, ...labelled],
      };
    });
    if (scrollWidth > viewport) findings.push({ where, problem: `sideways scroll: ${scrollWidth} > ${viewport}` });
    for (const refused of await csp.take()) findings.push({ where, problem: `refused by the CSP: ${refused}` });
    const rawKeys = new Set(
      texts.flatMap((text) => Array.from(text.matchAll(/\b[a-z][a-zA-Z]*(?:\.[a-zA-Z_]+)+\b/g), (m) => m[0])),
    );
    for (const key of rawKeys) if (catalogKeys.has(key)) findings.push({ where, problem: `raw key: ${key}` });
    if (!runAxe) return findings;
    const axe = await new AxeBuilder({ page }).analyze();
    for (const v of axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
      findings.push({
        where,
        problem: `axe ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
      });
    return findings;
  }

  async function crawl(lang: Language, session: string | null): Promise<Finding[]> {
    await page.goto('/#/login');
    await page.evaluate(
      ([language, sessionToken]) => {
        localStorage.clear();
        localStorage.setItem('lang', language!);
        if (sessionToken) localStorage.setItem('Admin-Token', sessionToken);
      },
      [lang, session],
    );
    await page.reload();
    const findings: Finding[] = [];
    // A visitor sent to the login from a protected route sees the same screen: axe it once.
    const axed = new Set<string>();
    for (const { name, url } of urls) {
      await page.goto(`/#${url}`);
      await settle();
      const shown = new URL(page.url()).hash.replace(/\?.*$/, '');
      const runAxe = !axed.has(shown);
      axed.add(shown);
      findings.push(
        ...(await inspect(
          `${session ? 'investor' : 'visitor'} ${lang} ${name} ${url} → ${new URL(page.url()).hash}`,
          runAxe,
        )),
      );
    }
    return findings;
  }

  it('notices a raw key, a sideways scroll and what the CSP refused when a screen has them', async () => {
    await page.goto('/#/login');
    await settle();
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'crawl-probe';
      probe.style.width = '600px';
      probe.textContent = 'auth.login';
      document.body.append(probe);
      // An inline script, which the CSP refuses (as it refused zod's `new Function` probe before
      // packages/shared/src/zod-browser-config.ts).
      const script = document.createElement('script');
      script.id = 'crawl-probe-script';
      script.textContent = 'void 0';
      document.body.append(script);
    });
    await csp.waitForRefusal();
    const problems = (await inspect('probe', false)).map((f) => f.problem);
    await page.evaluate(() => {
      document.getElementById('crawl-probe')?.remove();
      document.getElementById('crawl-probe-script')?.remove();
    });
    expect(problems).toEqual([
      expect.stringMatching(/^sideways scroll: 600 > 390$/),
      expect.stringMatching(/^refused by the CSP: script-src-elem inline /),
      'raw key: auth.login',
    ]);
  });

  for (const lang of ['de', 'zh-CN'] as const) {
    it(`as a visitor in ${lang}`, async () => {
      const findings = await crawl(lang, null);
      expect(findings.map((f) => `${f.where}: ${f.problem}`)).toEqual([]);
    }, 600_000);

    it(`as the demo investor in ${lang}`, async () => {
      const findings = await crawl(lang, token);
      expect(findings.map((f) => `${f.where}: ${f.problem}`)).toEqual([]);
    }, 600_000);
  }
});
