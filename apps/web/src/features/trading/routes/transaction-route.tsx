import { Button, Dialog } from 'antd-mobile';
import type { Order } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useActionKeys } from '../../../lib/idempotency';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { useCancelOrder } from '../api/cancel-order';
import { OrderList } from '../components/order-list';
import { TabBar } from '../components/tab-bar';
import { useTradingEvents } from '../use-trading-events';
import { useTradingFormat } from '../use-trading-format';
import '../trading.css';

type Tab = 'open' | 'fills';

/**
 * /transaction: the orders that can still fill, each with a way to cancel it, and what was filled
 * today. The tab lives in the query string (`?tab=fills`).
 */
export function TransactionRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'fills' ? 'fills' : 'open';
  useTradingEvents();

  return (
    <Page
      title={t('trading.orders.title')}
      right={
        <Link className="nav-bar-link" to={paths.orderRecords.getHref()}>
          {t('trading.menu.records')}
        </Link>
      }
    >
      <TabBar
        id="orders-tab"
        label={t('trading.orders.title')}
        tabs={[
          { value: 'open', label: t('trading.orders.open') },
          { value: 'fills', label: t('trading.orders.todayFills') },
        ]}
        value={tab}
        onChange={(next) => setSearchParams(next === 'open' ? {} : { tab: next }, { replace: true })}
        panelId="orders-panel"
      />
      <div id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
        {tab === 'open' ? (
          <OpenOrders />
        ) : (
          <OrderList
            key="fills"
            status="today"
            label={t('trading.orders.todayFills')}
            filter={(order) => order.status === 'filled'}
          />
        )}
      </div>
    </Page>
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
