import type { InstrumentDetail, Quote } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { StatusTag } from '../../../ui/status-tag';
import { trendOf, useMarketFormat } from '../use-market-format';
import { ChangeText } from './change-text';
import { ExchangeBadge } from './exchange-card';
import { InstrumentBadge } from './instrument-badge';

/** Name, code, last price and the day's change (live), whether the market is open and when quoted. */
export function QuoteHeader({ instrument, quote }: { instrument: InstrumentDetail; quote: Quote }) {
  const { t } = useTranslation();
  const format = useMarketFormat();
  return (
    <section className="quote-header">
      <div className="quote-header-identity">
        <InstrumentBadge name={instrument.name} code={instrument.code} />
        <div>
          <p className="quote-header-name">{instrument.name}</p>
          <p className="quote-header-code">
            {instrument.code}
            {instrument.pinyin && <span lang="zh-Latn"> · {instrument.pinyin}</span>}
          </p>
        </div>
        <span className="quote-header-tags">
          {instrument.status !== 'listed' && (
            <StatusTag tone="warning">{t(`market.statuses.${instrument.status}`)}</StatusTag>
          )}
          {instrument.exchangeInfo ? (
            // The instrument's own exchange; the live quote says whether it trades now.
            <ExchangeBadge exchange={{ ...instrument.exchangeInfo, open: quote.marketOpen }} />
          ) : (
            <StatusTag tone={quote.marketOpen ? 'success' : 'neutral'}>
              {quote.marketOpen ? t('market.marketOpen') : t('market.marketClosed')}
            </StatusTag>
          )}
        </span>
      </div>
      <div className="quote-header-figures">
        <p className={`quote-header-last market-${trendOf(quote.change)}`}>
          <span className="visually-hidden">{t('market.last')}: </span>
          {format.price(quote.last)}
        </p>
        <p className="quote-header-change">
          <span className="visually-hidden">{t('market.change')}: </span>
          <ChangeText value={quote.change} kind="price" />{' '}
          <span className="visually-hidden">{t('market.changePct')}: </span>
          <ChangeText value={quote.changePct} kind="percent" />
        </p>
      </div>
      <p className="quote-header-time">
        <time dateTime={quote.time}>{t('market.asOf', { time: formatUserDateTime(quote.time) })}</time>
      </p>
    </section>
  );
}
