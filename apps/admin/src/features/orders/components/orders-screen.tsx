import { Button, Card, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { INSTRUMENT_CODE_PATTERN } from '@bourse/shared/schemas/market';
import type { OrderSide, OrderStatus } from '@bourse/shared/schemas/trading';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { ORDER_SIDES, ORDER_STATUSES, useOrders, type OrderFilters } from '../api/get-orders.ts';
import { OrdersTable } from './orders-table.tsx';

const ANY = 'any';
const USER_ID_PATTERN = /^[1-9]\d{0,15}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The form's values: text as typed, dates as `YYYY-MM-DD` in the operator's zone. */
interface FormValues {
  userId: string;
  code: string;
  status: OrderStatus | typeof ANY;
  side: OrderSide | typeof ANY;
  fills: boolean;
  from: string;
  to: string;
}

/** Local midnight of a `YYYY-MM-DD` date, `days` later, as an ISO instant (the operator's zone). */
function localMidnight(date: string, days = 0): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d + days).toISOString();
}

/** The search lives in the address (shareable, and kept when coming back from a user's page). */
function valuesFrom(params: URLSearchParams): FormValues {
  const status = params.get('status');
  const side = params.get('side');
  return {
    userId: params.get('userId') ?? '',
    code: params.get('code') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : ANY,
    side: (ORDER_SIDES as readonly string[]).includes(side ?? '') ? (side as OrderSide) : ANY,
    fills: params.get('fills') === 'true',
    from: DATE_PATTERN.test(params.get('from') ?? '') ? (params.get('from') as string) : '',
    to: DATE_PATTERN.test(params.get('to') ?? '') ? (params.get('to') as string) : '',
  };
}

function filtersFrom(values: FormValues): OrderFilters {
  return {
    userId: USER_ID_PATTERN.test(values.userId) ? Number(values.userId) : undefined,
    code: values.code === '' ? undefined : values.code,
    status: values.status === ANY ? undefined : values.status,
    side: values.side === ANY ? undefined : values.side,
    fills: values.fills || undefined,
    from: values.from === '' ? undefined : localMidnight(values.from),
    // The end date is included: up to the midnight that ends it.
    to: values.to === '' ? undefined : localMidnight(values.to, 1),
  };
}

function paramsFrom(values: FormValues): Record<string, string> {
  const params: Record<string, string> = {};
  if (values.userId) params.userId = values.userId;
  if (values.code) params.code = values.code;
  if (values.status !== ANY) params.status = values.status;
  if (values.side !== ANY) params.side = values.side;
  if (values.fills) params.fills = 'true';
  if (values.from) params.from = values.from;
  if (values.to) params.to = values.to;
  return params;
}

/**
 * Orders and fills across investors: by investor, instrument, status, side and period. "Fills
 * only" lists the executions by the time they happened.
 */
export function OrdersScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = valuesFrom(searchParams);
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const orders = useOrders(filtersFrom(applied), pageParams);

  const pattern = (regex: RegExp, message: string) => ({
    validator: (_rule: RuleObject, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || regex.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });

  const submit = (values: FormValues) => {
    setSearchParams(paramsFrom({ ...values, userId: values.userId.trim(), code: values.code.trim().toUpperCase() }));
    setPageParams(FIRST_PAGE);
  };

  const options = <T extends string>(values: readonly T[], label: (value: T) => string) => [
    { value: ANY, label: t('admin.orders.all') },
    ...values.map((value) => ({ value, label: label(value) })),
  ];

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.orders.title')}
      </Typography.Title>
      <Card className="section-card">
        <Form<FormValues>
          // Remounted when the address changes (back and forward), so the fields show the search in effect.
          key={searchParams.toString()}
          name="order-search"
          role="search"
          aria-label={t('admin.orders.filters')}
          layout="inline"
          className="list-filter order-filters"
          initialValues={applied}
          onFinish={submit}
        >
          <Form.Item
            name="userId"
            label={t('admin.orders.userId')}
            rules={[pattern(USER_ID_PATTERN, t('admin.orders.userIdInvalid'))]}
          >
            <Input inputMode="numeric" autoComplete="off" maxLength={16} className="order-filters__short" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('admin.orders.code')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[pattern(INSTRUMENT_CODE_PATTERN, t('admin.orders.codeInvalid'))]}
          >
            <Input autoComplete="off" spellCheck={false} maxLength={12} className="order-filters__short" />
          </Form.Item>
          <Form.Item name="status" label={t('admin.orders.status')}>
            <Select
              className="order-filters__select"
              options={options(ORDER_STATUSES, (value) => t(`admin.orders.statuses.${value}`))}
            />
          </Form.Item>
          <Form.Item name="side" label={t('admin.orders.side')}>
            <Select
              className="order-filters__select"
              options={options(ORDER_SIDES, (value) => t(`admin.orders.sides.${value}`))}
            />
          </Form.Item>
          <Form.Item name="from" label={t('admin.orders.from')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('admin.orders.to')}
            dependencies={['from']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule: RuleObject, value: unknown) => {
                  const from = getFieldValue('from') as string;
                  return typeof value === 'string' && value !== '' && from && from > value
                    ? Promise.reject(new Error(t('admin.orders.rangeInvalid')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item name="fills" valuePropName="checked">
            <Checkbox>{t('admin.orders.fillsOnly')}</Checkbox>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('admin.orders.search')}
            </Button>
            <Button
              htmlType="button"
              onClick={() => {
                setSearchParams({});
                setPageParams(FIRST_PAGE);
              }}
            >
              {t('admin.orders.reset')}
            </Button>
          </Space>
        </Form>
        <OrdersTable query={orders} pageParams={pageParams} onPageChange={setPageParams} />
      </Card>
    </div>
  );
}
