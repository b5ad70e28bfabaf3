import { useTranslation } from 'react-i18next';
import { remainingUntil, useNow } from '../use-now';

/** The time left until a subscription window closes, ticking every second; "closed" once it has. */
export function Countdown({ end }: { end: string }) {
  const { t } = useTranslation();
  const endMs = Date.parse(end);
  const now = useNow(true);
  const left = remainingUntil(endMs, now);
  return (
    <span className="ipo-countdown" role="timer" aria-live="off">
      {left === null
        ? t('ipo.calendar.windowClosed')
        : left.days > 0
          ? t('ipo.calendar.closesInDays', { days: left.days, time: left.clock })
          : t('ipo.calendar.closesIn', { time: left.clock })}
    </span>
  );
}
