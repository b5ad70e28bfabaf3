import { App, Button, Card, Form, Input, Select, Typography } from 'antd';
import { DEFAULT_EXCHANGE } from '@bourse/shared/exchanges';
import type { Holiday } from '@bourse/shared/schemas/balance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useAdminExchanges } from '../api/exchanges.ts';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/holidays.ts';
import { ConsoleTable } from '../../../ui/console-table.tsx';
import { ExchangeHoursCard } from './exchange-hours-card.tsx';

interface HolidayValues {
  date: string;
  name: string;
}

/**
 * The business calendar (admin): each exchange's trading hours, and its holidays, which close it and
 * skip T+1 settlements of its sales (the default exchange's also the fund's T+1 confirmations). Days
 * after the exchange's today may be added or removed; earlier ones already dated something and stay.
 */
export function HolidaysScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exchange, setExchange] = useState(DEFAULT_EXCHANGE);
  const exchanges = useAdminExchanges();
  const holidays = useHolidays(exchange);
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const [form] = Form.useForm<HolidayValues>();
  const today = holidays.data?.today;

  const submit = ({ date, name }: HolidayValues) =>
    add.mutate(
      { date, name: name.trim(), exchange },
      {
        onSuccess: () => {
          void message.success(t('fund.admin.holidayAdded'));
          form.resetFields();
        },
      },
    );

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('fund.admin.holidaysTitle')}
      </Typography.Title>
      <ExchangeHoursCard />
      {holidays.error && <QueryErrorAlert error={holidays.error} onRetry={() => void holidays.refetch()} />}
      <Card className="section-card">
        <Typography.Title level={2} className="section-title">
          {t('fund.admin.addHoliday')}
        </Typography.Title>
        <Form<HolidayValues> form={form} name="add-holiday" layout="inline" onFinish={submit}>
          <Form.Item label={t('fund.admin.exchange')} htmlFor="holiday-exchange">
            <Select
              id="holiday-exchange"
              value={exchange}
              onChange={setExchange}
              popupMatchSelectWidth={false}
              options={(exchanges.data ?? [{ code: DEFAULT_EXCHANGE, name: DEFAULT_EXCHANGE }]).map((item) => ({
                value: item.code,
                label: item.name,
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('fund.admin.holidayDate')}
            name="date"
            rules={[{ required: true, message: t('fund.admin.holidayDate') }]}
          >
            <Input type="date" min={today} />
          </Form.Item>
          <Form.Item
            label={t('fund.admin.holidayName')}
            name="name"
            rules={[{ required: true, whitespace: true, message: t('fund.admin.holidayName') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('fund.admin.addHoliday')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card className="section-card">
        <ConsoleTable<Holiday>
          rowKey="date"
          size="small"
          loading={holidays.isPending}
          dataSource={holidays.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: <TableEmpty text={t('fund.admin.noHolidays')} /> }}
          columns={[
            { title: t('fund.admin.holidayDate'), dataIndex: 'date' },
            { title: t('fund.admin.holidayName'), dataIndex: 'name' },
            {
              title: t('fund.admin.source'),
              dataIndex: 'source',
              render: (source: Holiday['source']) =>
                t(source === 'config' ? 'fund.admin.sourceConfig' : 'fund.admin.sourceOperator'),
            },
            {
              title: '',
              key: 'actions',
              render: (_value, holiday) =>
                today && holiday.date > today ? (
                  <Button
                    size="small"
                    danger
                    aria-label={`${t('fund.admin.removeHoliday')} ${holiday.date}`}
                    loading={remove.isPending && remove.variables.date === holiday.date}
                    onClick={() =>
                      remove.mutate(holiday, {
                        onSuccess: () => void message.success(t('fund.admin.holidayRemoved')),
                      })
                    }
                  >
                    {t('fund.admin.removeHoliday')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </div>
  );
}
