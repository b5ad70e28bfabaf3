import type { ExchangeInfo } from '@bourse/shared/schemas/market';
import { LOCALES } from '@bourse/shared/languages';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime, userTimeZone } from '../../../ui/format-date';
import { StatusTag } from '../../../ui/status-tag';
import { useLanguage } from '../../../ui/use-language';
import { sessionsInZone } from '../exchange-hours';

/** "XETRA open" / "SSE closed": the badge of one exchange. */
export function ExchangeBadge({ exchange }: { exchange: ExchangeInfo }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={exchange.open ? 'success' : 'neutral'}>
      {t(exchange.open ? 'exchange.open' : 'exchange.closed', { exchange: exchange.code })}
    </StatusTag>
  );
}

/**
 * Where the instrument is listed: the exchange, whether it trades now, its sessions in the investor's
 * time zone and when it next opens or closes (in the 24/7 demo: that it never closes).
 */
export function ExchangeCard({ exchange, nowMs }: { exchange: ExchangeInfo; nowMs: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zone = userTimeZone();
  const sessions = sessionsInZone(exchange.sessions, exchange.timeZone, nowMs, {
    locale: LOCALES[lang],
    timeZone: zone,
  });
  const next = exchange.open ? exchange.nextClose : exchange.nextOpen;
  return (
    <section className="market-card exchange-card" aria-labelledby="exchange-card-title">
      <div className="exchange-card-head">
        <h2 id="exchange-card-title" className="card-title">
          {t('exchange.label')}
        </h2>
        <ExchangeBadge exchange={exchange} />
      </div>
      <dl className="exchange-card-grid">
        <div>
          <dt>{t('exchange.label')}</dt>
          <dd>
            {exchange.name} ({exchange.code})
          </dd>
        </div>
        <div>
          <dt>
            {t('exchange.hours')}
            <span className="exchange-card-zone">{t('exchange.hoursHint', { zone: zone ?? exchange.timeZone })}</span>
          </dt>
          <dd className="exchange-card-sessions">
            {sessions.map((session) => (
              <span key={session}>{session}</span>
            ))}
          </dd>
        </div>
      </dl>
      {exchange.alwaysOpen ? (
        <p className="market-card-hint">{t('exchange.alwaysOpen')}</p>
      ) : (
        next && (
          <p className="market-card-hint">
            {t(exchange.open ? 'exchange.closesAt' : 'exchange.opensAt', { time: formatUserDateTime(next) })}
          </p>
        )
      )}
    </section>
  );
}
