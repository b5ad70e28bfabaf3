import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../scripts/cpu-calibration.ts';

/** `npm run lighthouse` calibrates the simulated CPU slowdown to the host (scripts/cpu-calibration.ts). */
describe('Lighthouse CPU slowdown calibration', () => {
  it("gives the preset's 4× on the host the preset assumes and the calculator's anchor points", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 6);
    expect(cpuSlowdownFor(1300)).toBeCloseTo(3, 6);
    expect(cpuSlowdownFor(800)).toBeCloseTo(2, 6);
    expect(cpuSlowdownFor(150)).toBeCloseTo(1, 6);
    // Above the preset's host, one more × per 233 points: 2,000 ≈ 6×.
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1);
  });

  it('interpolates between the anchors, slows a faster host more and never speeds a slow one up', () => {
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 6);
    expect(cpuSlowdownFor(2750)).toBeGreaterThan(cpuSlowdownFor(2000));
    expect(cpuSlowdownFor(100)).toBe(1);
    for (let index = 150; index < 3000; index += 50)
      expect(cpuSlowdownFor(index + 50)).toBeGreaterThan(cpuSlowdownFor(index));
  });

  it('refuses an index that is not a positive number', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => cpuSlowdownFor(bad)).toThrow(/benchmarkIndex/);
  });
});
