import type { InstrumentDetail, Quote } from '@bourse/shared/schemas/market';
import type { Catalog } from '@bourse/shared/i18n/types';
import { useTranslation } from 'react-i18next';
import { useMarketFormat } from '../use-market-format';

type KnownSector = keyof Catalog['market']['sectors'];

/**
 * The instrument's figures in a two-column grid: the day's prices and volume from the live quote,
 * then the fundamentals; price limits only where the market sets them. An index shows its day's
 * points only: it has no volume, shares, lot or valuation.
 */
export function KeyFigures({ instrument, quote }: { instrument: InstrumentDetail; quote: Quote }) {
  const { t, i18n } = useTranslation();
  // A sector the catalogs name is shown translated; any other as the market reports it.
  const isKnownSector = (sector: string): sector is KnownSector => i18n.exists(`market.sectors.${sector}`);
  const format = useMarketFormat();
  const none = t('market.figures.none');
  const currency = instrument.currency;
  const figures: Array<[key: string, label: string, value: string]> = [
    ['open', t('market.figures.open'), format.price(quote.open)],
    ['prevClose', t('market.figures.prevClose'), format.price(quote.prevClose)],
    ['high', t('market.figures.high'), format.price(quote.high)],
    ['low', t('market.figures.low'), format.price(quote.low)],
    ['volume', t('market.figures.volume'), format.integer(quote.volume)],
    ['turnover', t('market.figures.turnover'), format.compact(quote.turnover, currency)],
    ['bid', t('market.figures.bid'), format.price(quote.bid)],
    ['ask', t('market.figures.ask'), format.price(quote.ask)],
    ['pe', t('market.figures.pe'), instrument.pe === null ? none : format.ratio(instrument.pe)],
    [
      'industryPe',
      t('market.figures.industryPe'),
      instrument.industryPe === null ? none : format.ratio(instrument.industryPe),
    ],
    ['marketValue', t('market.figures.marketValue'), format.compact(instrument.marketValue, currency)],
    ['sharesOutstanding', t('market.figures.sharesOutstanding'), format.compact(instrument.sharesOutstanding)],
    ['lotSize', t('market.figures.lotSize'), format.integer(instrument.lotSize)],
    [
      'sector',
      t('market.figures.sector'),
      isKnownSector(instrument.sector) ? t(`market.sectors.${instrument.sector}`) : instrument.sector,
    ],
    ['status', t('market.figures.status'), t(`market.statuses.${instrument.status}`)],
  ];
  if (instrument.board === 'index') figures.splice(4);
  else if (quote.limitUp !== null) figures.push(['limitUp', t('market.figures.limitUp'), format.price(quote.limitUp)]);
  if (instrument.board !== 'index' && quote.limitDown !== null)
    figures.push(['limitDown', t('market.figures.limitDown'), format.price(quote.limitDown)]);

  return (
    <section className="market-card key-figures" aria-labelledby="key-figures-title">
      <h2 id="key-figures-title" className="card-title">
        {t('market.figures.title')}
      </h2>
      <dl className="key-figures-grid">
        {figures.map(([key, label, value]) => (
          <div key={key} className="key-figures-item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
