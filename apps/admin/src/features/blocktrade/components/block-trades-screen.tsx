import { Button, Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBlockOffer, AdminBlockOrder, BlockOrderStatus } from '@bourse/shared/schemas/blocktrade';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useBlockOffers } from '../api/get-block-offers.ts';
import { BLOCK_ORDER_STATUSES, useBlockOrders } from '../api/get-block-orders.ts';
import { BlockOfferCancelDialog } from './block-offer-cancel-dialog.tsx';
import { BlockOfferFormDrawer, type OfferFormTarget } from './block-offer-form-drawer.tsx';
import { BlockOffersTable } from './block-offers-table.tsx';
import { BlockOrderDecisionDialog } from './block-order-decision-dialog.tsx';
import { BlockOrdersTable } from './block-orders-table.tsx';

function isBlockOrderStatus(value: string): value is BlockOrderStatus {
  return (BLOCK_ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Block trades: investors' orders to approve or reject (pending oldest first, decided ones for
 * reference), and the offers they order from, with a form to list a new one or edit an open one, and
 * a withdrawal that rejects an offer's pending orders.
 */
export function BlockTradesScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<BlockOrderStatus>('pending');
  const [orderPage, setOrderPage] = useState<PageParams>(FIRST_PAGE);
  const [offerPage, setOfferPage] = useState<PageParams>(FIRST_PAGE);
  const [approving, setApproving] = useState<AdminBlockOrder | null>(null);
  const [rejecting, setRejecting] = useState<AdminBlockOrder | null>(null);
  const [offerForm, setOfferForm] = useState<OfferFormTarget | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminBlockOffer | null>(null);
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
            <Button type="primary" onClick={() => setOfferForm({ mode: 'create' })}>
              {t('admin.blockTrades.createOffer')}
            </Button>
          </div>
          <BlockOffersTable
            query={offers}
            pageParams={offerPage}
            onPageChange={setOfferPage}
            onEdit={(offer) => setOfferForm({ mode: 'edit', offer })}
            onCancel={setWithdrawing}
          />
        </section>
      </Card>
      <BlockOfferFormDrawer target={offerForm} onClose={() => setOfferForm(null)} />
      <BlockOfferCancelDialog offer={withdrawing} onClose={() => setWithdrawing(null)} />
      <BlockOrderDecisionDialog decision="approve" order={approving} onClose={() => setApproving(null)} />
      <BlockOrderDecisionDialog decision="reject" order={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
