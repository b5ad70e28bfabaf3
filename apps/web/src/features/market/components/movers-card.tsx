import { useId, useState } from 'react';
import { Card } from 'antd-mobile';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { QuoteList } from './quote-list';

type Movers = 'gainers' | 'losers';

/** The day's biggest gainers and losers, one list at a time. */
export function MoversCard({
  gainers,
  losers,
}: {
  gainers: readonly InstrumentListItem[];
  losers: readonly InstrumentListItem[];
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [tab, setTab] = useState<Movers>('gainers');
  const items = tab === 'gainers' ? gainers : losers;
  return (
    <Card className="home-card market-card" title={<h2 className="card-title">{t('market.movers')}</h2>}>
      <TabList
        items={[
          { key: 'gainers', label: t('market.gainers') },
          { key: 'losers', label: t('market.losers') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('market.movers')}
        idPrefix={idPrefix}
      />
      <div {...tabPanelProps(idPrefix, tab)}>
        <QuoteList items={items} label={tab === 'gainers' ? t('market.gainers') : t('market.losers')} />
      </div>
    </Card>
  );
}
