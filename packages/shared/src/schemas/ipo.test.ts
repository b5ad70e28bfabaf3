import { describe, expect, it } from 'vitest';
import { ipoIssueBody, ipoIssuePatch } from './ipo.ts';

describe('an issue edit', () => {
  it('carries only the fields it names: no default board that would move a growth-board issue', () => {
    expect(ipoIssuePatch.parse({ name: 'Vonovia SE' })).toEqual({ name: 'Vonovia SE' });
    expect(ipoIssuePatch.parse({ board: 'growth' })).toEqual({ board: 'growth' });
  });

  it('refuses the code and unknown fields', () => {
    expect(ipoIssuePatch.safeParse({ code: 'VNA' }).success).toBe(false);
    expect(ipoIssuePatch.safeParse({ colour: 'red' }).success).toBe(false);
  });

  it('leaves a new issue on the main board unless told otherwise', () => {
    const body = {
      code: 'VNA',
      name: 'Vonovia SE',
      applicationCode: '780123',
      sector: 'real_estate',
      issuePrice: '27.35',
      issueQuantity: 10_000_000,
      publicQuantity: 4_000_000,
      totalShares: 822_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 50,
      subscribeStart: '2026-12-01T08:00:00.000Z',
      subscribeEnd: '2026-12-04T14:00:00.000Z',
      allocationAt: '2026-12-07T08:00:00.000Z',
      listingAt: '2026-12-08T08:00:00.000Z',
    };
    expect(ipoIssueBody.parse(body).board).toBe('main');
  });
});
