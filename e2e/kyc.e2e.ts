import path from 'node:path';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import { generate as generateTotp } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOperator } from '../apps/server/src/domains/admin/operators.service.ts';
import { openSqlite } from '../apps/server/src/platform/db/database.ts';
import { registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

/** A photo as a phone takes it: a JPEG with EXIF orientation and a camera make. */
function documentPhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .withExif({ IFD0: { Make: 'E2E-Cam' } })
    .withMetadata({ orientation: 1 })
    .jpeg()
    .toBuffer();
}

/**
 * A compliance-only operator of this journey's own, written beside the running server: the demo
 * operator's TOTP steps belong to the operator journey (a step is accepted once only).
 */
async function complianceOperator() {
  const handle = openSqlite(path.join(e2e.dataDir, 'bourse.sqlite'));
  try {
    const username = 'e2e_compliance';
    const password = 'Compliance2026';
    const { totpSecret } = await createOperator(handle.db, {
      username,
      password,
      roles: ['compliance'],
      nowMs: Date.now(),
    });
    return { username, password, totpSecret };
  } finally {
    await handle.close();
  }
}

describe.skipIf(!e2e.chromium)('identity verification in Chromium: the investor submits, compliance reviews', () => {
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    phone = await phoneContext(browser, e2e.baseUrl);
    page = await phone.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const waitForHash = (hash: string) => page.waitForURL((url) => url.hash === `#${hash}`, { timeout: 15_000 });

  it('submits name, number, type and both photos; compliance sees the images and asks to resubmit', async () => {
    const investor = { phone: '+4915233445566', password: 'Identity2026' };
    const registered = await registerThroughApi(e2e.baseUrl, { ...investor, inviteCode: e2e.fixtureInviteCodes[2]! });
    expect(registered.status).toBe(200);

    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    // From the Me tab, whose entry shows the status.
    await page.getByRole('link', { name: t('tabs.my') }).click();
    await waitForHash('/my');
    await page.getByRole('link', { name: new RegExp(`${t('my.kycStatus')}\\s*${t('kyc.none')}`) }).click();
    await waitForHash('/realNameAuthentication');
    await page.getByRole('heading', { name: t('kyc.title'), level: 1 }).waitFor();
    await expectAccessible(page, 'identity verification');

    await page.getByRole('button', { name: t('kyc.submit') }).click();
    await page.getByText(t('kyc.validation.incomplete')).first().waitFor();
    await expectAccessible(page, 'identity verification with errors');

    await page.getByLabel(t('kyc.realName'), { exact: true }).fill('Erika Mustermann');
    await page.getByLabel(t('kyc.idNumber'), { exact: true }).fill('l01x00t47');
    await page.getByText(t('kyc.docTypes.id_card'), { exact: true }).click();
    await page.getByLabel(new RegExp(t('kyc.front'))).setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPhoto('#3366cc'),
    });
    await page.getByLabel(new RegExp(t('kyc.back'))).setInputFiles({
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPhoto('#cc6633'),
    });
    await page.getByRole('img', { name: t('kyc.previewAlt', { side: t('kyc.front') }) }).waitFor();
    await page.getByRole('img', { name: t('kyc.previewAlt', { side: t('kyc.back') }) }).waitFor();
    await expectAccessible(page, 'identity verification with previews');

    await page.getByRole('button', { name: t('kyc.submit') }).click();
    await page.getByText(t('kyc.inReviewBody')).waitFor();
    await page.getByText('*****0T47').waitFor();
    await expectAccessible(page, 'identity verification in review');

    // The operator console, signed in as compliance.
    const operator = await complianceOperator();
    const desk = await browser.newContext({
      baseURL: e2e.baseUrl,
      locale: 'de-DE',
      viewport: { width: 1366, height: 900 },
    });
    const consolePage = await desk.newPage();
    await consolePage.goto('/admin/');
    await consolePage.getByLabel(t('admin.username'), { exact: true }).fill(operator.username);
    await consolePage.getByLabel(t('admin.password'), { exact: true }).fill(operator.password);
    await consolePage
      .getByLabel(t('admin.totp'), { exact: true })
      .fill(await generateTotp({ secret: operator.totpSecret }));
    await consolePage.getByRole('button', { name: t('admin.signIn') }).click();
    await consolePage.getByRole('heading', { name: t('admin.kyc.title'), level: 1 }).waitFor();
    const row = consolePage.getByRole('row').filter({ hasText: 'Erika Mustermann' });
    await row.getByText('L01X00T47').waitFor();
    await expectAccessible(consolePage, 'KYC queue');

    await row.getByRole('button', { name: `${t('admin.kyc.review')}: Erika Mustermann` }).click();
    for (const side of ['front', 'back'] as const) {
      const image = consolePage.getByRole('img', {
        name: t('admin.kyc.imageAlt', { side: t(`admin.kyc.${side}`), name: 'Erika Mustermann' }),
      });
      await image.waitFor();
      await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBe(320);
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
    }
    await expectAccessible(consolePage, 'KYC review');

    const reason = 'Die Rückseite ist unscharf.';
    await consolePage.getByLabel(t('admin.kyc.reasonLabel'), { exact: true }).fill(reason);
    await consolePage.getByRole('button', { name: t('admin.kyc.sendResubmit') }).click();
    await consolePage.getByText(t('admin.kyc.resubmitDone', { name: 'Erika Mustermann' })).waitFor();

    // The investor sees the reason and may submit again.
    await page.reload();
    await page.getByText(reason).waitFor();
    await page.getByRole('button', { name: t('kyc.submit') }).waitFor();
    await expectAccessible(page, 'identity verification to resubmit');
  });
});
