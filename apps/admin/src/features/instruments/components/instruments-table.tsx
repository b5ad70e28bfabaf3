import { Button, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminInstrument } from '@bourse/shared/schemas/market-admin';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { isKnownSector } from '../instrument-values.ts';
import { InstrumentStatusTag } from './instrument-status-tag.tsx';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

interface InstrumentsTableProps {
  query: PageQuery<AdminInstrument>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  /** The instrument whose trading switch is being saved, if any. */
  switchingCode: string | null;
  onEdit: (instrument: AdminInstrument) => void;
  onTradingChange: (instrument: AdminInstrument, enabled: boolean) => void;
  onStatusChange: (instrument: AdminInstrument, status: 'listed' | 'suspended') => void;
}

export function InstrumentsTable(props: InstrumentsTableProps) {
  const { query, pageParams, onPageChange, switchingCode } = props;
  const { t } = useTranslation();

  const columns: ConsoleColumns<AdminInstrument> = [
    { key: 'code', title: t('admin.instruments.code'), render: (_, { code }) => <code className="mono">{code}</code> },
    { key: 'name', title: t('admin.instruments.name'), dataIndex: 'name' },
    {
      key: 'sector',
      title: t('admin.instruments.sector'),
      render: (_, { sector }) => (isKnownSector(sector) ? t(`market.sectors.${sector}`) : sector),
    },
    {
      key: 'board',
      under: 'sector',
      title: t('admin.instruments.board'),
      render: (_, { board }) => t(`admin.instruments.boards.${board}`),
    },
    {
      key: 'status',
      title: t('admin.instruments.status'),
      render: (_, { status }) => <InstrumentStatusTag status={status} />,
    },
    {
      key: 'trading',
      under: 'status',
      title: t('admin.instruments.trading'),
      render: (_, instrument) => (
        <Switch
          checked={instrument.tradingEnabled}
          loading={switchingCode === instrument.code}
          aria-label={t('admin.instruments.tradingSwitch', { code: instrument.code })}
          onChange={(enabled) => props.onTradingChange(instrument, enabled)}
        />
      ),
    },
    {
      key: 'last',
      title: t('admin.instruments.last'),
      align: 'right',
      render: (_, { last }) => <span className="money">{last}</span>,
    },
    {
      key: 'history',
      title: t('admin.instruments.history'),
      className: 'nowrap',
      render: (_, { history }) =>
        history.firstDate && history.lastDate
          ? t('admin.instruments.historyRange', {
              days: history.dailyBars,
              from: history.firstDate,
              to: history.lastDate,
            })
          : t('admin.instruments.noHistory'),
    },
    {
      key: 'actions',
      title: t('admin.instruments.actions'),
      // In view however wide the other columns make the table on a narrow screen.
      fixed: 'right',
      render: (_, instrument) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => props.onEdit(instrument)}>
            {t('admin.instruments.edit')}
          </Button>
          {instrument.status === 'listed' && (
            <Button size="small" danger onClick={() => props.onStatusChange(instrument, 'suspended')}>
              {t('admin.instruments.suspend')}
            </Button>
          )}
          {instrument.status === 'suspended' && (
            <Button size="small" onClick={() => props.onStatusChange(instrument, 'listed')}>
              {t('admin.instruments.resume')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PagedList<AdminInstrument>
      query={query}
      rowKey="code"
      columns={columns}
      emptyText={t('admin.instruments.empty')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
