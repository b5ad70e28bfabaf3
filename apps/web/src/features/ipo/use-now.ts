import { useEffect, useState } from 'react';
import { serverNow } from '../../lib/server-clock';

/**
 * The current time in milliseconds by the server's clock (the device's, corrected by the offset the
 * last API answer showed), renewed every second while `running` (a countdown's clock).
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export interface Remaining {
  days: number;
  /** `HH:MM:SS` of the part below a day. */
  clock: string;
}

/** The time left until `endMs`, or null once it has passed. */
export function remainingUntil(endMs: number, nowMs: number): Remaining | null {
  const left = Math.floor((endMs - nowMs) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(left % 60)}` };
}
