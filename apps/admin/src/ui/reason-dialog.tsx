import { Button, Form, Input, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's limit for a decision's reason (`rejectBody`: 1–500 characters after trimming). */
export const REASON_MAX_LENGTH = 500;

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the decision does, shown above the reason. */
  description: ReactNode;
  /** Says who will read the reason (the investor, or only the audit log). */
  reasonLabel: string;
  submitText: string;
  pending: boolean;
  /** Called with the trimmed reason. */
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

interface ReasonValues {
  reason?: string;
}

/** The body lives only while the dialog is open, so every opening starts with an empty reason. */
function ReasonForm({
  reasonLabel,
  submitText,
  pending,
  onSubmit,
  onCancel,
}: Omit<ReasonDialogProps, 'open' | 'title' | 'description'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReasonValues>();
  return (
    <Form<ReasonValues>
      form={form}
      name="decision-reason"
      layout="vertical"
      onFinish={({ reason = '' }) => onSubmit(reason.trim())}
    >
      <Form.Item
        label={reasonLabel}
        name="reason"
        rules={[
          { required: true, whitespace: true, message: t('admin.reasonDialog.required') },
          { max: REASON_MAX_LENGTH, message: t('admin.reasonDialog.tooLong', { max: REASON_MAX_LENGTH }) },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX_LENGTH} showCount autoFocus />
      </Form.Item>
      <Space className="dialog-actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" danger htmlType="submit" loading={pending}>
          {submitText}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * A decision that needs a stated reason (rejecting a withdrawal, freezing an account): the reason is
 * required, trimmed and at most 500 characters, checked here before anything is sent.
 */
export function ReasonDialog({ open, title, description, ...form }: ReasonDialogProps) {
  return (
    <Modal open={open} title={title} onCancel={form.onCancel} footer={null} destroyOnHidden mask={{ closable: false }}>
      <div className="dialog-description">{description}</div>
      {open && <ReasonForm {...form} />}
    </Modal>
  );
}
