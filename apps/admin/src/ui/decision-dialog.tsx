import { Button, Form, Input, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's limit for a decision's reason (`rejectBody`: 1–500 characters after trimming). */
export const REASON_MAX_LENGTH = 500;

interface DecisionDialogBase {
  open: boolean;
  title: string;
  /** What the decision does and what it applies to, shown above the buttons (or the reason). */
  description: ReactNode;
  submitText: string;
  pending: boolean;
  onCancel: () => void;
}

/** A decision confirmed as it stands (paying a withdrawal). */
interface ConfirmDecision extends DecisionDialogBase {
  reasonLabel?: undefined;
  onSubmit: () => void;
}

/** A decision that needs a stated reason (rejecting a withdrawal, freezing an account). */
interface ReasonDecision extends DecisionDialogBase {
  /** Says who will read the reason (the investor, or only the audit log). */
  reasonLabel: string;
  /** Called with the trimmed reason. */
  onSubmit: (reason: string) => void;
}

export type DecisionDialogProps = ConfirmDecision | ReasonDecision;

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
}: Omit<ReasonDecision, 'open' | 'title' | 'description'>) {
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
 * The operator's decision on one item, the one dialog for every approve/reject in the console.
 * Without `reasonLabel` it is a confirmation that starts on "cancel" (what it does cannot be undone
 * from the console). With it, a reason is required, trimmed and at most 500 characters, checked here
 * before anything is sent; a click beside the dialog does not close it and lose the typed reason.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation();
  const { open, title, description, submitText, pending, onCancel } = props;
  if (props.reasonLabel === undefined) {
    const { onSubmit } = props;
    return (
      <Modal
        open={open}
        title={title}
        onCancel={onCancel}
        destroyOnHidden
        footer={
          open
            ? [
                <Button key="cancel" onClick={onCancel} autoFocus>
                  {t('common.cancel')}
                </Button>,
                <Button key="submit" type="primary" loading={pending} onClick={onSubmit}>
                  {submitText}
                </Button>,
              ]
            : null
        }
      >
        {description}
      </Modal>
    );
  }
  const { reasonLabel, onSubmit } = props;
  return (
    <Modal open={open} title={title} onCancel={onCancel} footer={null} destroyOnHidden mask={{ closable: false }}>
      <div className="dialog-description">{description}</div>
      {open && (
        <ReasonForm
          reasonLabel={reasonLabel}
          submitText={submitText}
          pending={pending}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}
