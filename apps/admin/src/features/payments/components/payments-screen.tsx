import { Card, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { PAYMENT_TYPES, usePayments, type PaymentType } from '../api/get-payments.ts';
import { PaymentsTable } from './payments-table.tsx';

const ALL = 'all';
type TypeFilter = PaymentType | typeof ALL;

/** Money coming in: quick-payment deposits and bank transfers, with their state at the provider. */
export function PaymentsScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeFilter>(ALL);
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const payments = usePayments({ type: type === ALL ? undefined : type, ...pageParams });

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.payments.title')}
      </Typography.Title>
      <Card className="section-card">
        <Space className="list-filter" wrap>
          <span id="payment-type-filter">{t('admin.payments.type')}</span>
          <Radio.Group
            aria-labelledby="payment-type-filter"
            optionType="button"
            buttonStyle="solid"
            value={type}
            onChange={(event) => {
              setType(event.target.value as TypeFilter);
              setPageParams(FIRST_PAGE);
            }}
            options={[
              { value: ALL, label: t('admin.payments.allTypes') },
              ...PAYMENT_TYPES.map((value) => ({ value, label: t(`admin.payments.types.${value}`) })),
            ]}
          />
        </Space>
        <PaymentsTable query={payments} pageParams={pageParams} onPageChange={setPageParams} />
      </Card>
    </div>
  );
}
