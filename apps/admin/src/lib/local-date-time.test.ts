import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './local-date-time.ts';

describe('local date-and-time fields', () => {
  it('reads a wall-clock time in the operator’s zone and sends it as UTC', () => {
    // Whatever zone the test runs in, the field means that zone's wall clock.
    expect(localInputToIso('2026-12-01T09:30')).toBe(new Date(2026, 11, 1, 9, 30).toISOString());
    expect(localInputToIso('2026-12-01T09:30:15')).toBe(new Date(2026, 11, 1, 9, 30, 15).toISOString());
  });

  it('refuses what is not a date and time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-12-01')).toBeNull();
    expect(localInputToIso('2026-13-45T99:99')).toBeNull();
    expect(localInputToIso('2026-12-01T09:30Z')).toBeNull();
  });

  it('shows an instant as the operator’s wall clock, and back again', () => {
    const iso = new Date(2027, 0, 5, 7, 5).toISOString();
    expect(isoToLocalInput(iso)).toBe('2027-01-05T07:05');
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
  });
});
