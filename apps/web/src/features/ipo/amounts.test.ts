import { describe, expect, it } from 'vitest';
import { openIssues, sampleIssue } from '../../test/ipo-samples';
import { affordableLots, heldAmount, planOneClick } from './amounts';

describe('subscription arithmetic', () => {
  it('holds lots × lot size × issue price, to the cent half-up', () => {
    // 3 × 100 × 12.3456 = 3703.68
    expect(heldAmount(sampleIssue(), 3)).toBe('3703.68');
    // 1 × 1 × 0.0050 = 0.005, half up to 0.01; a price with five decimals is not a wire price.
    expect(heldAmount({ issuePrice: '0.0050', lotSize: 1 }, 1)).toBe('0.01');
    expect(heldAmount({ issuePrice: '12.34567', lotSize: 1 }, 1)).toBeNull();
  });

  it('finds the most lots a budget covers, up to the maximum', () => {
    // One lot of 100 at 12.3456 is 1234.56.
    expect(affordableLots(sampleIssue(), 123_456)).toBe(1);
    expect(affordableLots(sampleIssue(), 123_455)).toBe(0);
    expect(affordableLots(sampleIssue(), 10_000_000)).toBe(5);
  });

  it('plans one-click over the open issues not yet subscribed, each from what the earlier ones leave', () => {
    const plan = planOneClick(openIssues, '10000.00');
    // NWND: 5 lots = 6172.80 (the maximum); BERG is subscribed already; CLRA: a lot is 8000.00 > 3827.20 left.
    expect(plan.lines.map((line) => [line.issue.code, line.lots, line.amountMinor])).toEqual([
      ['NWND', 5, 617_280],
      ['CLRA', 0, 0],
    ]);
    expect(plan.totalMinor).toBe(617_280);
    expect(planOneClick(openIssues, '-5.00').totalMinor).toBe(0);
  });
});
