import { App, Button, Card, Form, Input, Typography } from 'antd';
import type { FundRateVersion } from '@bourse/shared/schemas/balance';
import { RATE_PATTERN } from '@bourse/shared/schemas/balance';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useFundRates, useSetFundRate } from '../api/fund-rates.ts';
import { ConsoleTable } from '../../../ui/console-table.tsx';

interface RateValues {
  rate: string;
  effectiveDate: string;
}

/**
 * The balance fund's rate (admin, finance): the rate in force today, a new rate from a date (today
 * or later — past days' earnings never change), and every version with who set it.
 */
export function FundRatesScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rates = useFundRates();
  const setRate = useSetFundRate();
  const [form] = Form.useForm<RateValues>();
  const today = rates.data?.today;

  const submit = ({ rate, effectiveDate }: RateValues) =>
    setRate.mutate(
      { rate: rate.trim(), effectiveDate },
      {
        onSuccess: () => {
          void message.success(t('fund.admin.rateSet'));
          form.resetFields();
        },
      },
    );

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('fund.admin.title')}
      </Typography.Title>
      {rates.error && <QueryErrorAlert error={rates.error} onRetry={() => void rates.refetch()} />}
      <Card className="section-card" loading={rates.isPending}>
        <Typography.Title level={2} className="section-title">
          {t('fund.admin.currentRate')}
        </Typography.Title>
        {rates.data && (
          <p className="fund-current-rate">
            {rates.data.current.effectiveDate
              ? `${t('fund.ratePct', { rate: rates.data.current.rate })} · ${t('fund.admin.since', {
                  date: rates.data.current.effectiveDate,
                })}`
              : t('fund.admin.noRate')}
          </p>
        )}
        <Form<RateValues> form={form} name="fund-rate" layout="inline" onFinish={submit}>
          <Form.Item
            label={t('fund.admin.newRate')}
            name="rate"
            rules={[
              {
                validator: (_rule, value: unknown) =>
                  typeof value === 'string' && RATE_PATTERN.test(value.trim()) && Number(value) <= 100
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('errors.FUND_RATE_INVALID'))),
              },
            ]}
          >
            <Input inputMode="decimal" placeholder="2.35" />
          </Form.Item>
          <Form.Item
            label={t('fund.admin.effectiveDate')}
            name="effectiveDate"
            rules={[{ required: true, message: t('fund.admin.effectiveDate') }]}
          >
            <Input type="date" min={today} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={setRate.isPending}>
              {t('fund.admin.setRate')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card className="section-card">
        <Typography.Title level={2} className="section-title">
          {t('fund.admin.history')}
        </Typography.Title>
        <ConsoleTable<FundRateVersion>
          rowKey="id"
          size="small"
          loading={rates.isPending}
          dataSource={rates.data?.versions ?? []}
          pagination={false}
          locale={{ emptyText: <TableEmpty text={t('fund.admin.noRate')} /> }}
          columns={[
            { title: t('fund.admin.effectiveDate'), dataIndex: 'effectiveDate' },
            { title: t('fund.rate'), dataIndex: 'rate', render: (rate: string) => t('fund.ratePct', { rate }) },
            { title: t('fund.admin.setBy'), dataIndex: 'createdBy', render: (by: string | null) => by ?? '—' },
            { title: t('fund.admin.setAt'), dataIndex: 'createdAt', render: (at: string) => <DateTime value={at} /> },
          ]}
        />
      </Card>
    </div>
  );
}
