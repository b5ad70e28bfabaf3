import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, investor, verifiedInvestor, type TestApp } from '../../test/harness.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { uniqueTestIban } from '../../test/ibans.ts';
import { sameName } from './cards.service.ts';

describe('holder names', () => {
  it('match across Unicode forms, case and spacing, and not otherwise', () => {
    expect(sameName('Zoë  Müller', 'zoe\u0308 mu\u0308ller')).toBe(true);
    expect(sameName('José Álvarez', 'JOSÉ ÁLVAREZ')).toBe(true);
    expect(sameName('Erika Mustermann', 'Erika Musterfrau')).toBe(false);
  });
});

describe.each(DIALECTS)('bank cards on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const card = {
    bankName: 'Musterbank',
    branch: 'Berlin Mitte',
    holderName: 'Erika Mustermann',
    iban: 'DE89 3704 0044 0532 0130 00',
    agree: true,
  };
  const bind = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/wallet/cards', headers: { token }, payload });

  it('binds a card of the verified holder, lists it masked, unbinds it', async () => {
    const user = await verifiedInvestor(t, 'Erika Mustermann');
    const res = await bind(user.token, { ...card, holderName: 'erika  MUSTERMANN' });
    expect(res.statusCode).toBe(200);
    const bound = body(res).data;
    expect(bound).toMatchObject({ bankName: 'Musterbank', ibanMasked: 'DE89 •••• 3000' });
    expect(JSON.stringify(bound)).not.toContain('0532');
    const list = body(
      await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { token: user.token } }),
    ).data;
    expect(list).toHaveLength(1);
    expect((await bind(user.token, card)).statusCode).toBe(409);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/wallet/cards/${bound.id}`,
      headers: { token: user.token },
    });
    expect(removed.statusCode).toBe(200);
    expect(
      body(await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { token: user.token } })).data,
    ).toEqual([]);
    expect((await bind(user.token, card)).statusCode).toBe(200);
  });

  it('refuses what must be refused, binding nothing', async () => {
    const user = await verifiedInvestor(t, 'Erika Mustermann');
    const unverified = await investor(t);
    const cases: Array<[string, object, number, string]> = [
      [user.token, { ...card, holderName: 'Max Mustermann' }, 422, 'CARD_HOLDER_MISMATCH'],
      [user.token, { ...card, iban: 'DE89 3704 0044 0532 0130 01' }, 400, 'INVALID_IBAN'],
      [user.token, { ...card, iban: 'not an iban' }, 400, 'INVALID_IBAN'],
      [user.token, { ...card, agree: false }, 400, 'AGREEMENT_REQUIRED'],
      [user.token, { ...card, bankName: '' }, 400, 'VALIDATION_FAILED'],
      [user.token, { ...card, extra: 1 }, 400, 'UNKNOWN_FIELD'],
      [unverified.token, card, 422, 'KYC_REQUIRED'],
    ];
    for (const [token, payload, status, error] of cases) {
      const res = await bind(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(body(res).error).toBe(error);
    }
    expect(
      body(await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { token: user.token } })).data,
    ).toEqual([]);
  });

  it('answers 404 for another investor’s card', async () => {
    const owner = await verifiedInvestor(t, 'Erika Mustermann');
    const other = await verifiedInvestor(t, 'Max Mustermann');
    const bound = body(await bind(owner.token, { ...card, iban: uniqueTestIban() })).data;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/wallet/cards/${bound.id}`,
      headers: { token: other.token },
    });
    expect(res.statusCode).toBe(404);
    expect(body(res).error).toBe('CARD_NOT_FOUND');
    expect(
      body(await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { token: owner.token } })).data,
    ).toHaveLength(1);
  });

  it('refuses an IBAN another investor has bound, whatever their names; free again once unbound', async () => {
    const iban = uniqueTestIban();
    const erika = await verifiedInvestor(t, 'Erika Mustermann');
    const max = await verifiedInvestor(t, 'Max Mustermann');
    const first = await bind(erika.token, { ...card, iban });
    expect(first.statusCode).toBe(200);
    // Max's own name matches his identity; the account is still Erika's. Spelling does not matter.
    const spaced = `${iban.slice(0, 4)} ${iban.slice(4, 8)} ${iban.slice(8, 12)} ${iban.slice(12, 16)} ${iban.slice(16)}`;
    for (const spelling of [iban, spaced.toLowerCase()]) {
      const refused = await bind(max.token, { ...card, holderName: 'Max Mustermann', iban: spelling });
      expect(refused.statusCode).toBe(409);
      expect(body(refused).error).toBe('IBAN_BOUND_TO_ANOTHER_ACCOUNT');
      expect(body(refused).msg).toBe('Dieses Bankkonto ist bereits mit einem anderen Bourse-Konto verbunden');
    }
    const maxCards = async () =>
      body(await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { token: max.token } })).data;
    expect(await maxCards()).toEqual([]);
    // The database refuses it too, should two bindings race past the check.
    const maxId = body(await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token: max.token } })).data
      .id as number;
    const raced = t.ctx.database.db
      .insertInto('bankCards')
      .values({ userId: maxId, bankName: 'B', branch: 'B', holderName: 'Max Mustermann', iban, createdAt: 0 })
      .execute();
    const error = await raced.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    // Erika's own second binding is still the old answer.
    expect(body(await bind(erika.token, { ...card, iban })).error).toBe('CARD_ALREADY_BOUND');
    const unbound = await t.app.inject({
      method: 'DELETE',
      url: `/api/wallet/cards/${body(first).data.id}`,
      headers: { token: erika.token },
    });
    expect(unbound.statusCode).toBe(200);
    expect((await bind(max.token, { ...card, holderName: 'Max Mustermann', iban })).statusCode).toBe(200);
    expect(await maxCards()).toHaveLength(1);
  });
});
