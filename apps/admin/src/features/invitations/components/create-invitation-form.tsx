import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { useCreateInvitation } from '../api/create-invitation.ts';

/** The server's limits for a new code (`createInvitationBody`), checked here first for a clear message. */
const NOTE_LENGTH_MAX = 200;
const MAX_USES_LIMIT = 1_000_000;

interface FormValues {
  note?: string;
  maxUses?: number | null;
}

/** Creates an invitation code and keeps the new code on screen until the operator dismisses it. */
export function CreateInvitationForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateInvitation();
  const [createdCode, setCreatedCode] = useState<string | null>(null);

  const submit = ({ note, maxUses }: FormValues) => {
    const trimmedNote = note?.trim();
    create.mutate(
      { note: trimmedNote ? trimmedNote : undefined, maxUses: maxUses ?? undefined },
      {
        onSuccess: ({ code }) => {
          setCreatedCode(code);
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card className="section-card">
      <Typography.Title level={2} className="section-title">
        {t('admin.invitations.create')}
      </Typography.Title>
      <Form<FormValues>
        form={form}
        name="create-invitation"
        layout="inline"
        onFinish={submit}
        className="create-invitation-form"
      >
        <Form.Item label={t('admin.invitations.note')} name="note">
          <Input maxLength={NOTE_LENGTH_MAX} className="create-invitation-form__note" />
        </Form.Item>
        <Form.Item
          label={t('admin.invitations.maxUses')}
          name="maxUses"
          rules={[
            {
              validator: (_rule, value: unknown) =>
                value === null ||
                value === undefined ||
                (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_USES_LIMIT)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin.invitations.maxUsesInvalid'))),
            },
          ]}
        >
          {/* No min/max/precision here: those silently clamp or round what was typed; the rule above
              explains instead. */}
          <InputNumber<number>
            step={1}
            placeholder={t('admin.invitations.unlimited')}
            className="create-invitation-form__max-uses"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('admin.invitations.create')}
          </Button>
        </Form.Item>
      </Form>
      {createdCode && (
        <Alert
          type="success"
          showIcon
          className="new-code"
          title={t('admin.invitations.created', { code: createdCode })}
          description={
            <Space size="middle" wrap className="new-code__row">
              <code className="new-code__value">{createdCode}</code>
              <CopyButton text={createdCode} label={createdCode} />
              <Button type="link" onClick={() => setCreatedCode(null)}>
                {t('common.close')}
              </Button>
            </Space>
          }
        />
      )}
    </Card>
  );
}
