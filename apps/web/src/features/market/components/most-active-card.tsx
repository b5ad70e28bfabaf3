import { Card } from 'antd-mobile';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { useMarketFormat } from '../use-market-format';
import { QuoteList } from './quote-list';

/** The instruments with the most value traded today, with that value. */
export function MostActiveCard({ items }: { items: readonly InstrumentListItem[] }) {
  const { t } = useTranslation();
  const format = useMarketFormat();
  return (
    <Card
      className="home-card market-card"
      title={<h2 className="card-title">{t('market.mostActive')}</h2>}
      extra={<span className="market-card-hint">{t('market.mostActiveHint')}</span>}
    >
      <QuoteList
        items={items}
        label={t('market.mostActive')}
        secondary={(item) => `${t('market.figures.turnover')} ${format.compact(item.turnover, item.currency)}`}
      />
    </Card>
  );
}
