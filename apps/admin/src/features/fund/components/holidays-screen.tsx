import { App, Button, Card, Form, Input, Typography } from 'antd';
import type { Holiday } from '@bourse/shared/schemas/balance';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/holidays.ts';
import { ConsoleTable } from '../../../ui/console-table.tsx';

interface HolidayValues {
  date: string;
  name: string;
}

/**
 * The business calendar (admin): holidays skip T+1 confirmations and settlements. Days after today
 * may be added or removed; earlier ones already dated something and stay.
 */
export function HolidaysScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const holidays = useHolidays();
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const [form] = Form.useForm<HolidayValues>();
  const today = holidays.data?.today;

  const submit = ({ date, name }: HolidayValues) =>
    add.mutate(
      { date, name: name.trim() },
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
      {holidays.error && <QueryErrorAlert error={holidays.error} onRetry={() => void holidays.refetch()} />}
      <Card className="section-card">
        <Typography.Title level={2} className="section-title">
          {t('fund.admin.addHoliday')}
        </Typography.Title>
        <Form<HolidayValues> form={form} name="add-holiday" layout="inline" onFinish={submit}>
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
                    loading={remove.isPending && remove.variables === holiday.date}
                    onClick={() =>
                      remove.mutate(holiday.date, {
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
