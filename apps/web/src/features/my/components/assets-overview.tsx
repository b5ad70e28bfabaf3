import type { Assets } from '@bourse/shared/schemas/wallet';
import { formatNumber } from '@bourse/shared/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../ui/money-text';
import { StatList, type Stat } from '../../../ui/stat-list';
import { useLanguage } from '../../../ui/use-language';

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

export interface AssetsOverviewProps {
  assets: Assets;
  /**
   * `full` (personal centre): every figure of DESIGN §3 with credit points and member level;
   * `summary` (Me tab): total assets with cash, available and withdrawable.
   */
  variant: 'full' | 'summary';
  /** Links or buttons under the figures. */
  actions?: ReactNode;
}

/** The account's money at a glance: total assets as the headline, the parts below it. */
export function AssetsOverview({ assets, variant, actions }: AssetsOverviewProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (amount: string, signed = false) => (
    <MoneyText amount={amount} currency={assets.currency} signed={signed} />
  );

  const items: Stat[] = [
    { key: 'cash', label: t('assets.cash'), value: money(assets.cash) },
    { key: 'available', label: t('assets.available'), value: money(assets.available) },
    { key: 'withdrawable', label: t('assets.withdrawable'), value: money(assets.withdrawable) },
  ];
  if (variant === 'full') {
    items.push(
      { key: 'frozen', label: t('assets.frozen'), value: money(assets.frozen) },
      { key: 'marketValue', label: t('assets.marketValue'), value: money(assets.marketValue) },
      { key: 'floatingPnl', label: t('assets.floatingPnl'), value: money(assets.floatingPnl, true) },
      { key: 'fund', label: t('assets.fund'), value: money(assets.fund) },
    );
    if (!isZero(assets.fundPending)) {
      items.push({ key: 'fundPending', label: t('assets.fundPending'), value: money(assets.fundPending) });
    }
    items.push(
      { key: 'credit', label: t('assets.creditPoints'), value: formatNumber(assets.creditPoints, lang) },
      { key: 'level', label: t('assets.memberLevel'), value: formatNumber(assets.level, lang) },
    );
  }

  // A loan is shown against the (gross) total: what is owed, and what is left net of it.
  if (!isZero(assets.loanOutstanding)) {
    items.push(
      { key: 'loan', label: t('assets.loanOutstanding'), value: money(assets.loanOutstanding) },
      { key: 'netAssets', label: t('assets.netAssets'), value: money(assets.netAssets) },
    );
  }

  return (
    <section className="assets-overview" aria-labelledby={`assets-total-${variant}`}>
      <p className="assets-total">
        <span id={`assets-total-${variant}`} className="assets-total-label">
          {t('assets.totalAssets')}
        </span>
        <span className="assets-total-value">{money(assets.totalAssets)}</span>
      </p>
      <StatList layout={variant === 'full' ? 'rows' : 'grid'} items={items} />
      {actions && <div className="assets-actions">{actions}</div>}
    </section>
  );
}
