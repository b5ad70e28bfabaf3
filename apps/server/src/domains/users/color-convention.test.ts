import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@bourse/shared/i18n/index';
import { body, createTestApp, DIALECTS, investor, type TestApp } from '../../test/harness.ts';

describe.each(DIALECTS)('the colour convention on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = (token: string, payload: Record<string, unknown>, lang = 'de') =>
    t.app.inject({ method: 'POST', url: '/api/user/profile', headers: { token, lang }, payload });

  it('is null until chosen, then stored per investor, and null again on request', async () => {
    const { token } = await investor(t);
    const other = await investor(t);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(body(info).data.colorConvention).toBeNull();

    const chosen = await profile(token, { colorConvention: 'red-up' });
    expect(chosen.statusCode).toBe(200);
    expect(body(chosen).data.colorConvention).toBe('red-up');
    const reread = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(body(reread).data.colorConvention).toBe('red-up');
    const otherInfo = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: other.token } });
    expect(body(otherInfo).data.colorConvention).toBeNull();

    expect(body(await profile(token, { colorConvention: 'green-up' })).data.colorConvention).toBe('green-up');
    // Changing something else keeps the choice.
    expect(body(await profile(token, { nickname: 'Mei' })).data.colorConvention).toBe('green-up');
    expect(body(await profile(token, { colorConvention: null })).data.colorConvention).toBeNull();
  });

  it('refuses an unknown convention with a localized 400, storing nothing', async () => {
    const { token } = await investor(t);
    const bad = await profile(token, { colorConvention: 'blue-up' }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error).toBe('VALIDATION_FAILED');
    // In the investor's language, naming the field.
    expect(body(bad).msg).toContain(translate('fr', 'errors.VALIDATION_FAILED', { detail: '' }).trim());
    expect(body(bad).msg).toContain('colorConvention');
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(body(info).data.colorConvention).toBeNull();
  });

  it('the database refuses a value outside the two conventions', async () => {
    const { token } = await investor(t);
    const info = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } })).data;
    await expect(
      t.ctx.database.db.updateTable('users').set({ colorConvention: 'up' }).where('id', '=', info.id).execute(),
    ).rejects.toThrow();
  });
});
