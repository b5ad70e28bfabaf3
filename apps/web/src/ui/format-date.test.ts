import { formatDateTime } from '@bourse/shared/format';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatUserDateTime, userTimeZone } from './format-date';

describe('the device time zone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is read from Intl once, not for every time shown', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const time = '2026-11-20T09:30:05.000Z';
    // The first time shown builds its formatter (format.ts keeps it per zone) and reads the zone.
    expect(formatUserDateTime(time)).toBe(formatDateTime(time, zone));
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 100; i += 1) formatUserDateTime(time);
    expect(userTimeZone()).toBe(zone);
    expect(built).not.toHaveBeenCalled();
  });
});
