import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBlockOffer } from '@bourse/shared/schemas/blocktrade';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { PriceText } from '../../../ui/price-text.tsx';
import { isOfferCancellable, isOfferEditable } from '../offer-values.ts';
import { BlockOfferStatusTag } from './block-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface BlockOffersTableProps {
  query: PageQuery<AdminBlockOffer>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  onEdit: (offer: AdminBlockOffer) => void;
  onCancel: (offer: AdminBlockOffer) => void;
}

/**
 * The offers listed for investors, with what approved orders have left of each and the orders still
 * pending; edits and withdrawal only where the status allows them.
 */
export function BlockOffersTable({ query, pageParams, onPageChange, onEdit, onCancel }: BlockOffersTableProps) {
  const { t } = useTranslation();
  const columns: ConsoleColumns<AdminBlockOffer> = [
    { key: 'id', title: t('admin.blockTrades.id'), dataIndex: 'id' },
    {
      key: 'instrument',
      title: t('admin.blockTrades.instrument'),
      render: (_, { code, name }) => (
        <>
          <code className="mono">{code}</code> {name}
        </>
      ),
    },
    {
      key: 'price',
      title: t('admin.blockTrades.price'),
      align: 'right',
      render: (_, { price }) => <PriceText value={price} />,
    },
    {
      key: 'minQuantity',
      under: 'price',
      title: t('admin.blockTrades.minQuantity'),
      align: 'right',
      dataIndex: 'minQuantity',
    },
    {
      key: 'available',
      title: t('admin.blockTrades.available'),
      align: 'right',
      render: (_, { availableQuantity, totalQuantity }) =>
        t('admin.blockTrades.availableValue', { available: availableQuantity, total: totalQuantity }),
    },
    {
      key: 'pending',
      under: 'available',
      title: t('admin.blockTrades.pendingOrders'),
      align: 'right',
      render: (_, { pendingOrders, pendingQuantity }) =>
        t('admin.blockTrades.pendingValue', { orders: pendingOrders, quantity: pendingQuantity }),
    },
    {
      key: 'window',
      title: `${t('admin.blockTrades.window')} (${browserTimeZone})`,
      // Start and end each on one line, one under the other: the column stays narrow.
      render: (_, { startsAt, endsAt }) => (
        <>
          <span className="nowrap">
            <DateTime value={startsAt} /> –
          </span>{' '}
          <span className="nowrap">
            <DateTime value={endsAt} />
          </span>
        </>
      ),
    },
    {
      key: 'status',
      title: t('admin.blockTrades.status'),
      render: (_, { status }) => <BlockOfferStatusTag status={status} />,
    },
    {
      key: 'actions',
      title: t('admin.blockTrades.actions'),
      fixed: 'right',
      render: (_, offer) => {
        const label = `${offer.code} (${t('admin.blockTrades.id')} ${offer.id})`;
        return (
          <Space size="small" wrap>
            {isOfferEditable(offer.status) && (
              <Button
                size="small"
                onClick={() => onEdit(offer)}
                aria-label={`${t('admin.blockTrades.edit')}: ${label}`}
              >
                {t('admin.blockTrades.edit')}
              </Button>
            )}
            {isOfferCancellable(offer.status) && (
              <Button
                size="small"
                danger
                onClick={() => onCancel(offer)}
                aria-label={`${t('admin.blockTrades.cancelOffer')}: ${label}`}
              >
                {t('admin.blockTrades.cancelOffer')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <PagedList<AdminBlockOffer>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.blockTrades.offersEmpty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
