import { useTranslation } from 'react-i18next';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PriceText } from '../../../ui/price-text.tsx';
import { StatusTag } from '../../../ui/status-tag.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import type { Position } from '@bourse/shared/schemas/trading';
import { type ConsoleColumns, ConsoleTable } from '../../../ui/console-table.tsx';

/** An investor's lots: what each cost, what it is worth at the last price, and what its sales realized. */
export function PositionsTable({ positions, loading }: { positions: Position[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: ConsoleColumns<Position> = [
    { key: 'id', title: t('admin.users.lot'), dataIndex: 'id' },
    {
      key: 'instrument',
      title: t('admin.users.instrument'),
      render: (_, { code, name }) => (
        <>
          <span className="mono">{code}</span> {name}
        </>
      ),
    },
    {
      key: 'state',
      title: t('admin.users.positionState'),
      render: (_, { status }) => (
        <StatusTag tone={status === 'open' ? 'positive' : 'neutral'}>
          {t(`admin.users.positionStates.${status}`)}
        </StatusTag>
      ),
    },
    {
      key: 'shares',
      title: t('admin.users.shares'),
      align: 'right',
      render: (_, { quantity, originalQuantity }) =>
        t('admin.users.sharesValue', { quantity, original: originalQuantity }),
      className: 'nowrap',
    },
    {
      key: 'buyPrice',
      title: t('admin.users.buyPrice'),
      align: 'right',
      render: (_, { buyPrice }) => <PriceText value={buyPrice} />,
    },
    {
      key: 'boughtAt',
      under: 'buyPrice',
      title: `${t('admin.users.boughtAt')} (${browserTimeZone})`,
      render: (_, { buyTime }) => <DateTime value={buyTime} />,
      className: 'nowrap',
    },
    {
      key: 'capital',
      title: t('admin.users.capital'),
      align: 'right',
      render: (_, { capital }) => <MoneyText amount={capital} />,
    },
    {
      key: 'lastPrice',
      title: t('admin.users.lastPrice'),
      align: 'right',
      render: (_, { lastPrice, status }) => (status === 'open' ? <PriceText value={lastPrice} /> : '—'),
    },
    {
      key: 'marketValue',
      under: 'lastPrice',
      title: t('admin.users.marketValue'),
      align: 'right',
      render: (_, { marketValue }) => <MoneyText amount={marketValue} />,
    },
    {
      key: 'floatingPnl',
      title: t('admin.users.floatingPnl'),
      align: 'right',
      render: (_, { floatingPnl }) => <MoneyText amount={floatingPnl} />,
    },
    {
      key: 'realizedPnl',
      under: 'floatingPnl',
      title: t('admin.users.realizedPnl'),
      align: 'right',
      render: (_, { realizedPnl }) => <MoneyText amount={realizedPnl} />,
    },
    { key: 'trades', title: t('admin.users.trades'), align: 'right', dataIndex: 'trades' },
  ];
  return (
    <ConsoleTable<Position>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={positions}
      loading={loading}
      locale={{ emptyText: <TableEmpty text={t('admin.users.positionsEmpty')} /> }}
      pagination={false}
    />
  );
}
