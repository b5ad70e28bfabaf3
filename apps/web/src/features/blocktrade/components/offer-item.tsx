import { Button } from 'antd-mobile';
import type { BlockOffer } from '@bourse/shared/schemas/blocktrade';
import { useTranslation } from 'react-i18next';
import { StatList } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';

/** One offer: the instrument, its price, the minimum order, what is left, and the window. */
export function OfferItem({ offer, onOrder }: { offer: BlockOffer; onOrder?: (offer: BlockOffer) => void }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const titleId = `block-offer-${offer.id}`;
  return (
    <li className="offer-card" aria-labelledby={titleId}>
      <div className="offer-card-head">
        <h2 id={titleId} className="offer-card-title">
          {offer.name} <span className="offer-card-code">{offer.code}</span>
        </h2>
      </div>
      <StatList
        layout="grid"
        items={[
          { key: 'price', label: t('blockTrade.fields.price'), value: format.decimal(offer.price) },
          { key: 'min', label: t('blockTrade.fields.minQuantity'), value: format.count(offer.minQuantity) },
          {
            key: 'available',
            label: t('blockTrade.fields.availableQuantity'),
            value: format.count(offer.availableQuantity),
          },
          { key: 'total', label: t('blockTrade.fields.totalQuantity'), value: format.count(offer.totalQuantity) },
        ]}
      />
      <p className="offer-card-window">
        {t('blockTrade.fields.windowValue', {
          start: format.dateTime(offer.startsAt),
          end: format.dateTime(offer.endsAt),
        })}
      </p>
      {onOrder && (
        <Button
          color="primary"
          size="middle"
          block
          disabled={offer.availableQuantity < offer.minQuantity}
          aria-label={t('blockTrade.orderFor', { name: offer.name })}
          onClick={() => onOrder(offer)}
        >
          {t('blockTrade.order')}
        </Button>
      )}
    </li>
  );
}
