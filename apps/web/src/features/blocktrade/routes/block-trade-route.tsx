import type { BlockOffer } from '@bourse/shared/schemas/blocktrade';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAssets } from '../../../lib/api/get-assets';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useOffers } from '../api/get-offers';
import { OfferItem } from '../components/offer-item';
import { OrderSheet } from '../components/order-sheet';

/** /shares/dzjy: the block-trade offers open now, each with its order sheet. */
export function BlockTradeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offers = useOffers();
  const assets = useAssets();
  const user = useUserInfo();
  const [ordering, setOrdering] = useState<BlockOffer | null>(null);
  const canOrder = user.data?.hasTradingPassword === true;

  let content;
  if (!offers.data) {
    content = offers.isError ? <QueryError onRetry={() => void offers.refetch()} /> : <PageLoading />;
  } else {
    content = (
      <RefreshList
        onRefresh={() => Promise.all([offers.refetch(), assets.refetch()])}
        empty={offers.data.length === 0}
        emptyText={t('emptyStates.blockOffers')}
        emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
      >
        {user.data && !canOrder && (
          <div className="notice-card offer-notice">
            <p>{t('blockTrade.noTradingPassword')}</p>
            <Link className="button-link" to={paths.payPassword.getHref()}>
              {t('wallet.withdraw.setTradingPassword')}
            </Link>
          </div>
        )}
        {offers.data.length > 0 && (
          <ul className="offer-list" aria-label={t('blockTrade.offersLabel')}>
            {offers.data.map((offer) => (
              <OfferItem key={offer.id} offer={offer} onOrder={canOrder && assets.data ? setOrdering : undefined} />
            ))}
          </ul>
        )}
      </RefreshList>
    );
  }

  return (
    <Page
      title={t('blockTrade.title')}
      right={
        <Link className="nav-bar-link" to={paths.blockTradeRecords.getHref()}>
          {t('blockTrade.recordsShort')}
        </Link>
      }
    >
      {content}
      <OrderSheet
        offer={ordering}
        available={assets.data?.available ?? '0.00'}
        onClose={() => setOrdering(null)}
        onPlaced={() => {
          setOrdering(null);
          void navigate(paths.blockTradeRecords.getHref(), { replace: false });
        }}
      />
    </Page>
  );
}
