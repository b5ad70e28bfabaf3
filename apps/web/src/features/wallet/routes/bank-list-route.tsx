import { Dialog } from 'antd-mobile';
import type { BankCard } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useCards } from '../api/get-cards';
import { useUnbindCard } from '../api/unbind-card';
import { BankCardItem } from '../components/bank-card-item';

/** /ucenter/bank-list: the bound bank accounts, each with unbinding (after confirmation), and binding a new one. */
export function BankListRoute() {
  const { t } = useTranslation();
  const cards = useCards();
  const unbind = useUnbindCard();
  const onFailure = useSubmitFailure();

  const confirmUnbind = async (card: BankCard) => {
    const confirmed = await Dialog.confirm({
      'aria-label': t('wallet.cards.unbindTitle'),
      title: t('wallet.cards.unbindTitle'),
      content: t('wallet.cards.unbindConfirm', { bank: card.bankName, iban: card.ibanMasked }),
      confirmText: t('wallet.cards.unbind'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await unbind.mutateAsync(card.id);
    } catch (error) {
      onFailure(error);
      return;
    }
    showToast(t('wallet.cards.unbound'));
  };

  return (
    <Page title={t('wallet.cards.title')}>
      <RefreshList
        onRefresh={() => cards.refetch()}
        empty={cards.data?.length === 0}
        emptyText={t('emptyStates.cards')}
        emptyAction={{ label: t('wallet.cards.bind'), to: paths.bindCard.getHref() }}
      >
        {cards.data ? (
          cards.data.length > 0 && (
            <ul className="bank-cards">
              {cards.data.map((card) => (
                <BankCardItem
                  key={card.id}
                  card={card}
                  busy={unbind.isPending}
                  onUnbind={() => void confirmUnbind(card)}
                />
              ))}
            </ul>
          )
        ) : cards.isError ? (
          <div className="wallet-content">
            <QueryError onRetry={() => void cards.refetch()} />
          </div>
        ) : (
          <PageLoading inline />
        )}
      </RefreshList>
      {/* With no card yet, the empty state carries the way to bind one. */}
      {cards.data?.length !== 0 && (
        <div className="page-actions">
          <Link className="button-link button-link-block" to={paths.bindCard.getHref()}>
            {t('wallet.cards.bind')}
          </Link>
        </div>
      )}
    </Page>
  );
}
