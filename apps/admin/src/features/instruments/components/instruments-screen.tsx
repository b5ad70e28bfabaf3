import { App, Button, Card, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { instrumentStatus, type InstrumentStatus } from '@bourse/shared/schemas/market';
import type { AdminInstrument } from '@bourse/shared/schemas/market-admin';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { INSTRUMENT_SEARCH_MAX_LENGTH, useInstruments } from '../api/get-instruments.ts';
import { useUpdateInstrument } from '../api/save-instrument.ts';
import { ImportHistoryDialog } from './import-history-dialog.tsx';
import { InstrumentFormDrawer, type InstrumentFormTarget } from './instrument-form-drawer.tsx';
import { InstrumentsTable } from './instruments-table.tsx';

const SEARCH_PARAM = 'q';
const STATUS_PARAM = 'status';
const ALL = 'all';

/**
 * The instruments investors see and trade: search, status, the trading switch, suspension, the
 * edit form and the history import. Search and status are part of the address, so a reload or a
 * shared link shows the same list.
 */
export function InstrumentsScreen() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM) ?? '';
  const parsedStatus = instrumentStatus.safeParse(searchParams.get(STATUS_PARAM));
  const status: InstrumentStatus | undefined = parsedStatus.success ? parsedStatus.data : undefined;
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const instruments = useInstruments({ search, status, ...pageParams });
  const update = useUpdateInstrument();
  const [switchingCode, setSwitchingCode] = useState<string | null>(null);
  const [formTarget, setFormTarget] = useState<InstrumentFormTarget | null>(null);
  const [importing, setImporting] = useState(false);

  const setFilter = (next: { search?: string; status?: InstrumentStatus | undefined }) => {
    const params: Record<string, string> = {};
    const nextSearch = next.search ?? search;
    const nextStatus = 'status' in next ? next.status : status;
    if (nextSearch !== '') params[SEARCH_PARAM] = nextSearch;
    if (nextStatus) params[STATUS_PARAM] = nextStatus;
    setSearchParams(params);
    setPageParams(FIRST_PAGE);
  };

  const switchTrading = (instrument: AdminInstrument, enabled: boolean) => {
    setSwitchingCode(instrument.code);
    update.mutate(
      { code: instrument.code, patch: { tradingEnabled: enabled } },
      {
        onSuccess: () =>
          void message.success(
            t(enabled ? 'admin.instruments.tradingOnDone' : 'admin.instruments.tradingOffDone', {
              code: instrument.code,
            }),
          ),
        onSettled: () => setSwitchingCode(null),
      },
    );
  };

  const changeStatus = (instrument: AdminInstrument, next: 'listed' | 'suspended') => {
    const suspending = next === 'suspended';
    void modal.confirm({
      title: t(suspending ? 'admin.instruments.suspendTitle' : 'admin.instruments.resumeTitle', {
        code: instrument.code,
      }),
      content: t(suspending ? 'admin.instruments.suspendBody' : 'admin.instruments.resumeBody'),
      okText: t(suspending ? 'admin.instruments.suspend' : 'admin.instruments.resume'),
      okButtonProps: { danger: suspending },
      cancelText: t('common.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await update.mutateAsync({ code: instrument.code, patch: { status: next } });
        } catch {
          // The query client has shown the server's message; the dialog just closes.
          return;
        }
        void message.success(
          t(suspending ? 'admin.instruments.suspendedDone' : 'admin.instruments.resumedDone', {
            code: instrument.code,
          }),
        );
      },
    });
  };

  return (
    <div className="screen">
      <div className="section-heading">
        <Typography.Title level={1} className="screen-title">
          {t('admin.instruments.title')}
        </Typography.Title>
        <Space wrap>
          <Button onClick={() => setImporting(true)}>{t('admin.instruments.import')}</Button>
          <Button type="primary" onClick={() => setFormTarget({ mode: 'create' })}>
            {t('admin.instruments.create')}
          </Button>
        </Space>
      </div>
      <Card className="section-card">
        <div className="instrument-filters list-filter">
          <div role="search" className="user-search">
            <label htmlFor="instrument-search" className="user-search__label">
              {t('admin.instruments.search')}
            </label>
            <Input.Search
              id="instrument-search"
              // Remounted when the address changes (back and forward), so the field shows the search in effect.
              key={search}
              defaultValue={search}
              placeholder={t('admin.instruments.searchPlaceholder')}
              maxLength={INSTRUMENT_SEARCH_MAX_LENGTH}
              enterButton={t('common.search')}
              allowClear
              onSearch={(text) => setFilter({ search: text.trim() })}
            />
          </div>
          <Space wrap>
            <span id="instrument-status-filter">{t('admin.instruments.status')}</span>
            <Radio.Group
              aria-labelledby="instrument-status-filter"
              optionType="button"
              buttonStyle="solid"
              value={status ?? ALL}
              onChange={(event) => {
                const value = instrumentStatus.safeParse(event.target.value);
                setFilter({ status: value.success ? value.data : undefined });
              }}
              options={[
                { value: ALL, label: t('admin.instruments.allStatuses') },
                ...instrumentStatus.options.map((value) => ({
                  value,
                  label: t(`admin.instruments.statuses.${value}`),
                })),
              ]}
            />
          </Space>
        </div>
        <InstrumentsTable
          query={instruments}
          pageParams={pageParams}
          onPageChange={setPageParams}
          switchingCode={switchingCode}
          onEdit={(instrument) => setFormTarget({ mode: 'edit', instrument })}
          onTradingChange={switchTrading}
          onStatusChange={changeStatus}
        />
      </Card>
      <InstrumentFormDrawer target={formTarget} onClose={() => setFormTarget(null)} />
      <ImportHistoryDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
