import type { InstrumentDetail, Quote } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../ui/status-tag';
import { useTradingFormat } from '../use-trading-format';
import { SignedText } from './signed-text';

/** The instrument being traded: name, code, the live last price with its change, bid and ask. */
export function InstrumentHeader({ instrument, quote }: { instrument: InstrumentDetail; quote: Quote }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (
    <section className="trade-instrument" aria-labelledby="trade-instrument-name">
      <div className="trade-instrument-row">
        <h2 id="trade-instrument-name" className="trade-instrument-name">
          {instrument.name} <span className="trade-instrument-code">{instrument.code}</span>
        </h2>
        {!quote.marketOpen && <StatusTag tone="warning">{t('trading.ticket.marketClosed')}</StatusTag>}
      </div>
      <div className="trade-instrument-row" aria-live="polite">
        <p className="trade-instrument-last">
          <span className="visually-hidden">{t('trading.figures.lastPrice')}: </span>
          {format.price(quote.last)}
        </p>
        <p className="trade-instrument-change">
          <SignedText value={quote.change}>{`${toneSign(quote.change)}${format.price(quote.change)}`}</SignedText>{' '}
          <SignedText value={quote.changePct}>{format.percent(quote.changePct, { signed: true })}</SignedText>
        </p>
      </div>
      <dl className="trade-instrument-book">
        <div>
          <dt>{t('trading.figures.bid')}</dt>
          <dd>{format.price(quote.bid)}</dd>
        </div>
        <div>
          <dt>{t('trading.figures.ask')}</dt>
          <dd>{format.price(quote.ask)}</dd>
        </div>
      </dl>
    </section>
  );
}

const toneSign = (value: string) => (/^-|^0*(\.0*)?$/.test(value.trim()) ? '' : '+');
