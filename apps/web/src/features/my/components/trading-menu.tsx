import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { MenuList } from '../../../ui/menu-list';

/** The ways to the investor's shares and orders, as a broker app has them in the personal area. */
export function TradingMenu() {
  const { t } = useTranslation();
  return (
    <MenuList
      label={t('trading.menu.title')}
      items={[
        { key: 'holdings', kind: 'link', label: t('trading.menu.holdings'), to: paths.holding.getHref() },
        { key: 'orders', kind: 'link', label: t('trading.menu.orders'), to: paths.transaction.getHref() },
        { key: 'history', kind: 'link', label: t('trading.menu.history'), to: paths.historyPosition.getHref() },
      ]}
    />
  );
}
