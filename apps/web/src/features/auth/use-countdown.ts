import { useEffect, useState } from 'react';

/** A seconds countdown (e.g. until a code may be requested again); 0 when idle. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return { remaining, start: setRemaining };
}
