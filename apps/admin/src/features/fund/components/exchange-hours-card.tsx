import { Alert, App, Button, Card, Form, Input, Modal, Typography } from 'antd';
import type { AdminExchange } from '@bourse/shared/schemas/market-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/request.ts';
import { ConsoleTable } from '../../../ui/console-table.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useAdminExchanges, useUpdateExchangeHours } from '../api/exchanges.ts';

interface HoursValues {
  hours: string;
  timeZone: string;
}

/** The dialog that sets an exchange's sessions and zone; the server's refusal shows in it. */
function EditHoursDialog({ exchange, onClose }: { exchange: AdminExchange; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateExchangeHours();
  const [form] = Form.useForm<HoursValues>();

  const submit = ({ hours, timeZone }: HoursValues) =>
    update.mutate(
      { code: exchange.code, hours: hours.trim(), timeZone: timeZone.trim() },
      {
        onSuccess: () => {
          void message.success(t('fund.admin.hoursSaved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={t('fund.admin.editHoursOf', { exchange: exchange.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      onCancel={onClose}
    >
      <Form<HoursValues>
        form={form}
        name="exchange-hours"
        layout="vertical"
        initialValues={{ hours: exchange.hours, timeZone: exchange.timeZone }}
        onFinish={submit}
      >
        <Form.Item
          label={t('fund.admin.sessions')}
          name="hours"
          extra={t('fund.admin.sessionsHint')}
          rules={[{ required: true, whitespace: true, message: t('fund.admin.sessions') }]}
        >
          <Input maxLength={100} spellCheck={false} />
        </Form.Item>
        <Form.Item
          label={t('fund.admin.timeZone')}
          name="timeZone"
          extra={t('fund.admin.timeZoneHint')}
          rules={[{ required: true, whitespace: true, message: t('fund.admin.timeZone') }]}
        >
          <Input maxLength={64} spellCheck={false} />
        </Form.Item>
      </Form>
      {update.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={update.error instanceof ApiError ? update.error.msg : t('errors.INTERNAL')}
        />
      )}
    </Modal>
  );
}

/**
 * Each exchange's trading sessions and time zone (admin): they decide when its instruments trade
 * and when its badge says "open". A change takes effect on every instance at once.
 */
export function ExchangeHoursCard() {
  const { t } = useTranslation();
  const exchanges = useAdminExchanges();
  const [editing, setEditing] = useState<AdminExchange | null>(null);

  return (
    <Card className="section-card">
      <Typography.Title level={2} className="section-title">
        {t('fund.admin.hoursTitle')}
      </Typography.Title>
      {exchanges.error && <QueryErrorAlert error={exchanges.error} onRetry={() => void exchanges.refetch()} />}
      <ConsoleTable<AdminExchange>
        rowKey="code"
        size="small"
        loading={exchanges.isPending}
        dataSource={exchanges.data ?? []}
        pagination={false}
        locale={{ emptyText: <TableEmpty text={t('fund.admin.hoursTitle')} /> }}
        columns={[
          { title: t('fund.admin.exchange'), dataIndex: 'name' },
          { title: t('fund.admin.sessions'), dataIndex: 'hours', render: (hours: string) => <code>{hours}</code> },
          { title: t('fund.admin.timeZone'), dataIndex: 'timeZone' },
          {
            title: '',
            key: 'actions',
            render: (_value, exchange) => (
              <Button
                size="small"
                aria-label={`${t('fund.admin.editHours')} ${exchange.name}`}
                onClick={() => setEditing(exchange)}
              >
                {t('fund.admin.editHours')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <EditHoursDialog key={editing.code} exchange={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
