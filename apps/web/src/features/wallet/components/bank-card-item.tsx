import { Button } from 'antd-mobile';
import type { BankCard } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { StatList } from '../../../ui/stat-list';

/** One bound bank account: bank, masked IBAN, holder, branch, and the way to unbind it. */
export function BankCardItem({ card, onUnbind, busy }: { card: BankCard; onUnbind: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const titleId = `bank-card-${card.id}`;
  return (
    <li className="bank-card" aria-labelledby={titleId}>
      <div className="bank-card-head">
        <h2 id={titleId} className="bank-card-bank">
          {card.bankName}
        </h2>
        <p className="bank-card-iban">
          <span className="visually-hidden">{t('wallet.cards.iban')}: </span>
          {card.ibanMasked}
        </p>
      </div>
      <StatList
        items={[
          { key: 'holder', label: t('wallet.cards.holder'), value: card.holderName },
          { key: 'branch', label: t('wallet.cards.branch'), value: card.branch },
          {
            key: 'bound',
            label: t('wallet.cards.boundAt'),
            value: <time dateTime={card.createdAt}>{formatUserDateTime(card.createdAt)}</time>,
          },
        ]}
      />
      <div className="bank-card-actions">
        <Button size="small" color="danger" fill="outline" disabled={busy} onClick={onUnbind}>
          {t('wallet.cards.unbind')}{' '}
          <span className="visually-hidden">
            {card.bankName} {card.ibanMasked}
          </span>
        </Button>
      </div>
    </li>
  );
}
