import { describe, expect, it } from 'vitest';
import { SimulatedClock } from './clock.ts';

const START = new Date('2026-03-02T09:00:00Z');

describe('the sandbox clock', () => {
  it("adopts another instance's total advance only forward, never back", () => {
    const clock = new SimulatedClock({ startAt: START, frozen: true });
    clock.advance(5_000);
    expect(clock.aheadMs).toBe(5_000);
    // Another instance moved the shared clock 60 s ahead in all: this one follows.
    expect(clock.adopt(60_000)).toBe(true);
    expect(clock.nowMs()).toBe(START.getTime() + 60_000);
    // An older total (a late notice) or the same one changes nothing.
    expect(clock.adopt(30_000)).toBe(false);
    expect(clock.adopt(60_000)).toBe(false);
    expect(clock.adopt(Number.NaN)).toBe(false);
    expect(clock.nowMs()).toBe(START.getTime() + 60_000);
  });
});
