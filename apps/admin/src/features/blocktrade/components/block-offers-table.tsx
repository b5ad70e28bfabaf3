import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockOffer } from '@bourse/shared/schemas/blocktrade';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { PriceText } from '../../../ui/price-text.tsx';
import { BlockOfferStatusTag } from './block-status-tag.tsx';

interface BlockOffersTableProps {
  query: PageQuery<BlockOffer>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

/** The offers listed for investors, with what approved orders have left of each. */
export function BlockOffersTable({ query, pageParams, onPageChange }: BlockOffersTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<BlockOffer> = [
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
    { key: 'minQuantity', title: t('admin.blockTrades.minQuantity'), align: 'right', dataIndex: 'minQuantity' },
    {
      key: 'available',
      title: t('admin.blockTrades.available'),
      align: 'right',
      render: (_, { availableQuantity, totalQuantity }) =>
        t('admin.blockTrades.availableValue', { available: availableQuantity, total: totalQuantity }),
    },
    {
      key: 'window',
      title: `${t('admin.blockTrades.window')} (${browserTimeZone})`,
      className: 'nowrap',
      render: (_, { startsAt, endsAt }) => (
        <>
          <DateTime value={startsAt} /> – <DateTime value={endsAt} />
        </>
      ),
    },
    {
      key: 'status',
      title: t('admin.blockTrades.status'),
      render: (_, { status }) => <BlockOfferStatusTag status={status} />,
    },
  ];
  return (
    <PagedList<BlockOffer>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('admin.blockTrades.offersEmpty')}
      scrollX
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
