import type { ExchangeInfo } from '@bourse/shared/schemas/market';
import { LOCALES } from '@bourse/shared/languages';
import { useTranslation } from 'react-i18next';
import { userTimeZone } from '../../../ui/format-date';
import { useLanguage } from '../../../ui/use-language';
import { sessionsInZone } from '../exchange-hours';
import { ExchangeBadge } from './exchange-card';

/** Each exchange's badge (open or closed now) with its sessions on the investor's clock. */
export function ExchangesCard({ exchanges, nowMs }: { exchanges: readonly ExchangeInfo[]; nowMs: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zone = userTimeZone();
  return (
    <section className="market-card exchanges-card" aria-labelledby="exchanges-card-title">
      <h2 id="exchanges-card-title" className="card-title">
        {t('exchange.list')}
      </h2>
      <p className="market-card-hint">{t('exchange.hoursHint', { zone: zone ?? 'UTC' })}</p>
      <ul className="exchanges-card-list">
        {exchanges.map((exchange) => (
          <li key={exchange.code} className="exchanges-card-item">
            <span className="exchanges-card-name">{exchange.name}</span>
            <span className="exchanges-card-hours">
              {sessionsInZone(exchange.sessions, exchange.timeZone, nowMs, {
                locale: LOCALES[lang],
                timeZone: zone,
              }).join(', ')}
            </span>
            <ExchangeBadge exchange={exchange} />
          </li>
        ))}
      </ul>
    </section>
  );
}
