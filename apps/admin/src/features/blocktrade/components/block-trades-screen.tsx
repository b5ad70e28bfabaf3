import { Button, Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBlockOrder, BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useBlockOffers } from '../api/get-block-offers.ts';
import { BLOCK_ORDER_STATUSES, useBlockOrders } from '../api/get-block-orders.ts';
import { BlockOfferFormDrawer } from './block-offer-form-drawer.tsx';
import { BlockOffersTable } from './block-offers-table.tsx';
import { BlockOrderDecisionDialog } from './block-order-decision-dialog.tsx';
import { BlockOrdersTable } from './block-orders-table.tsx';

function isBlockOrderStatus(value: string): value is BlockOrderStatus {
  return (BLOCK_ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Block trades: investors' orders to approve or reject (pending oldest first, decided ones for
 * reference), and the offers they order from, with a form to list a new one.
 */
export function BlockTradesScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<BlockOrderStatus>('pending');
  const [orderPage, setOrderPage] = useState<PageParams>(FIRST_PAGE);
  const [offerPage, setOfferPage] = useState<PageParams>(FIRST_PAGE);
  const [approving, setApproving] = useState<AdminBlockOrder | null>(null);
  const [rejecting, setRejecting] = useState<AdminBlockOrder | null>(null);
  const [creating, setCreating] = useState(false);
  const orders = useBlockOrders({ status, ...orderPage });
  const offers = useBlockOffers(offerPage);

  const ordersTable = (
    <BlockOrdersTable
      status={status}
      query={orders}
      pageParams={orderPage}
      onPageChange={setOrderPage}
      onApprove={setApproving}
      onReject={setRejecting}
    />
  );

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.blockTrades.title')}
      </Typography.Title>
      <Card className="section-card">
        <section aria-labelledby="block-orders">
          <Typography.Title level={2} className="section-title" id="block-orders">
            {t('admin.blockTrades.orders')}
          </Typography.Title>
          <Tabs
            activeKey={status}
            onChange={(key) => {
              if (!isBlockOrderStatus(key)) return;
              setStatus(key);
              setOrderPage(FIRST_PAGE);
            }}
            items={BLOCK_ORDER_STATUSES.map((value) => ({
              key: value,
              label: t(`admin.blockTrades.statuses.${value}`),
              children: value === status ? ordersTable : null,
            }))}
          />
        </section>
      </Card>
      <Card className="section-card">
        <section aria-labelledby="block-offers">
          <div className="section-heading">
            <Typography.Title level={2} className="section-title" id="block-offers">
              {t('admin.blockTrades.offers')}
            </Typography.Title>
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('admin.blockTrades.createOffer')}
            </Button>
          </div>
          <BlockOffersTable query={offers} pageParams={offerPage} onPageChange={setOfferPage} />
        </section>
      </Card>
      <BlockOfferFormDrawer open={creating} onClose={() => setCreating(false)} />
      <BlockOrderDecisionDialog decision="approve" order={approving} onClose={() => setApproving(null)} />
      <BlockOrderDecisionDialog decision="reject" order={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
