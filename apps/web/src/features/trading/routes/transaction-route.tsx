import { Button, Dialog } from 'antd-mobile';
import type { Order } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useActionKeys } from '../../../lib/idempotency';
import { ORDER_RECORD_FILTERS, ORDERS_TABS, type OrderRecordFilter, type OrdersTab } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { useCancelOrder } from '../api/cancel-order';
import { ChoiceGroup } from '../components/choice-group';
import { OrderList } from '../components/order-list';
import { TabBar } from '../components/tab-bar';
import { useTradingEvents } from '../use-trading-events';
import { useTradingFormat } from '../use-trading-format';
import '../trading.css';

const isTab = (value: string | null): value is OrdersTab =>
  value !== null && (ORDERS_TABS as readonly string[]).includes(value);
const isFilter = (value: string | null): value is OrderRecordFilter =>
  value !== null && (ORDER_RECORD_FILTERS as readonly string[]).includes(value);

/**
 * /transaction: the investor's orders, their one screen (issue 16) — the orders that can still fill,
 * each with a way to cancel it, what was filled today, and every order filtered by status. The tab
 * and the filter live in the query string (`?tab=fills`, `?tab=all&status=filled`).
 */
export function TransactionRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawTab = searchParams.get('tab');
  const tab: OrdersTab = isTab(rawTab) ? rawTab : 'open';
  useTradingEvents();

  return (
    <Page title={t('trading.orders.title')}>
      <TabBar
        id="orders-tab"
        label={t('trading.orders.title')}
        tabs={[
          { value: 'open', label: t('trading.orders.open') },
          { value: 'fills', label: t('trading.orders.todayFills') },
          { value: 'all', label: t('trading.records.title') },
        ]}
        value={tab}
        onChange={(next) => setSearchParams(next === 'open' ? {} : { tab: next }, { replace: true })}
        panelId="orders-panel"
      />
      <div id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        {tab === 'open' ? (
          <OpenOrders />
        ) : tab === 'fills' ? (
          <OrderList
            key="fills"
            status="today"
            label={t('trading.orders.todayFills')}
            filter={(order) => order.status === 'filled'}
          />
        ) : (
          <AllOrders />
        )}
      </div>
    </Page>
  );
}

/** Every order of the account, filtered by status (`?tab=all&status=filled`). */
function AllOrders() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const status: OrderRecordFilter = isFilter(raw) ? raw : 'all';

  return (
    <>
      <div className="trade-filter">
        <ChoiceGroup
          name="order-records-status"
          legend={t('trading.records.status')}
          hideLegend
          variant="chips"
          choices={ORDER_RECORD_FILTERS.map((value) => ({ value, label: t(`trading.records.filters.${value}`) }))}
          value={status}
          onChange={(next) =>
            setSearchParams(next === 'all' ? { tab: 'all' } : { tab: 'all', status: next }, { replace: true })
          }
        />
      </div>
      {/* A new filter starts again at the first page. */}
      <OrderList key={status} status={status === 'all' ? undefined : status} label={t('trading.records.title')} />
    </>
  );
}

function OpenOrders() {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const cancel = useCancelOrder();
  const keys = useActionKeys();
  const onFailure = useSubmitFailure();

  const onCancel = async (order: Order) => {
    const confirmed = await Dialog.confirm({
      'aria-label': t('trading.orders.cancelTitle'),
      title: t('trading.orders.cancelTitle'),
      content: t('trading.orders.cancelBody', {
        side: t(`trading.sides.${order.side}`),
        shares: format.count(order.quantity),
        name: order.name,
        price: order.limitPrice ? format.price(order.limitPrice) : '',
      }),
      confirmText: t('trading.orders.cancelConfirm'),
      cancelText: t('trading.orders.keep'),
    });
    if (!confirmed) return;
    const action = { orderId: order.id };
    try {
      await cancel.mutateAsync({ ...action, idempotencyKey: keys.keyFor(action) });
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      return;
    }
    keys.settle();
    showToast(t('trading.orders.cancelled'));
  };

  return (
    <OrderList
      key="open"
      status="open"
      label={t('trading.orders.open')}
      action={(order) => (
        <Button
          size="small"
          color="danger"
          fill="outline"
          aria-label={t('trading.orders.cancelOrder', { name: order.name })}
          loading={cancel.isPending && cancel.variables?.orderId === order.id}
          onClick={() => void onCancel(order)}
        >
          {t('trading.orders.cancel')}
        </Button>
      )}
    />
  );
}
