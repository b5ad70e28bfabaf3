import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import type { MenuItem } from '../../../ui/menu-list';
import { StatusTag } from '../../../ui/status-tag';

type EntryKey = 'deposit' | 'transfer' | 'withdraw' | 'cards' | 'records' | 'tradingPassword';

/** The ways to the money screens, as menu rows; the trading-password row says whether one is set. */
export function useWalletEntries(hasTradingPassword: boolean | undefined): Record<EntryKey, MenuItem> {
  const { t } = useTranslation();
  return {
    deposit: { key: 'deposit', kind: 'link', label: t('wallet.entries.deposit'), to: paths.bankIn.getHref() },
    transfer: { key: 'transfer', kind: 'link', label: t('wallet.entries.transfer'), to: paths.transfer.getHref() },
    withdraw: { key: 'withdraw', kind: 'link', label: t('wallet.entries.withdraw'), to: paths.withdraw.getHref() },
    cards: { key: 'cards', kind: 'link', label: t('wallet.entries.cards'), to: paths.bankList.getHref() },
    records: { key: 'records', kind: 'link', label: t('wallet.entries.records'), to: paths.bankRecord.getHref() },
    tradingPassword: {
      key: 'tradingPassword',
      kind: 'link',
      label: t('wallet.entries.tradingPassword'),
      to: paths.payPassword.getHref(),
      ...(hasTradingPassword === undefined
        ? {}
        : {
            extra: (
              <StatusTag tone={hasTradingPassword ? 'success' : 'warning'}>
                {hasTradingPassword ? t('wallet.payPassword.isSet') : t('wallet.payPassword.notSet')}
              </StatusTag>
            ),
          }),
    },
  };
}
