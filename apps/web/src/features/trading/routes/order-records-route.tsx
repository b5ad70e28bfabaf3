import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ORDER_RECORD_FILTERS, type OrderRecordFilter } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { ChoiceGroup } from '../components/choice-group';
import { OrderList } from '../components/order-list';
import { useTradingEvents } from '../use-trading-events';
import '../trading.css';

const isFilter = (value: string | null): value is OrderRecordFilter =>
  value !== null && (ORDER_RECORD_FILTERS as readonly string[]).includes(value);

/**
 * /shares/creatOrder ("account trade order"): every order of the account, filtered by status; the
 * filter lives in the query string (`?status=filled`).
 */
export function OrderRecordsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const status: OrderRecordFilter = isFilter(raw) ? raw : 'all';
  useTradingEvents();

  return (
    <Page title={t('trading.records.title')}>
      <div className="trade-filter">
        <ChoiceGroup
          name="order-records-status"
          legend={t('trading.records.status')}
          hideLegend
          variant="chips"
          choices={ORDER_RECORD_FILTERS.map((value) => ({ value, label: t(`trading.records.filters.${value}`) }))}
          value={status}
          onChange={(next) => setSearchParams(next === 'all' ? {} : { status: next }, { replace: true })}
        />
      </div>
      {/* A new filter starts again at the first page. */}
      <OrderList key={status} status={status === 'all' ? undefined : status} label={t('trading.records.title')} />
    </Page>
  );
}
