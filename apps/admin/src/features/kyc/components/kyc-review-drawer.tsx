import { App, Button, Descriptions, Drawer, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KYC_REASON_MAX_LENGTH, type KycSubmission } from '@bourse/shared/schemas/kyc';
import { DateTime } from '../../../ui/date-time.tsx';
import { useApproveKyc, useRequestKycResubmission } from '../api/decide-kyc.ts';
import { KycDocumentImage } from './kyc-document-image.tsx';
import { KycStatusTag } from './kyc-status-tag.tsx';

const EMPTY = '—';

interface ResubmitValues {
  reason?: string;
}

/**
 * The review of one submission: the investor's details in full, both images, and, while it is in
 * review, the two decisions. Approval asks for confirmation; a request to resubmit needs a reason,
 * which the investor will read.
 */
export function KycReviewDrawer({ submission, onClose }: { submission: KycSubmission | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ResubmitValues>();
  const approve = useApproveKyc();
  const resubmit = useRequestKycResubmission();

  const close = () => {
    form.resetFields();
    onClose();
  };

  const askToApprove = (item: KycSubmission) => {
    void modal.confirm({
      title: t('admin.kyc.approveConfirm', { name: item.realName }),
      okText: t('admin.kyc.approve'),
      cancelText: t('common.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await approve.mutateAsync(item.userId);
        } catch {
          // The query client has shown the server's message; the dialog just closes.
          return;
        }
        void message.success(t('admin.kyc.approvedDone', { name: item.realName }));
        close();
      },
    });
  };

  const sendResubmit = (item: KycSubmission, { reason = '' }: ResubmitValues) => {
    resubmit.mutate(
      { userId: item.userId, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('admin.kyc.resubmitDone', { name: item.realName }));
          close();
        },
      },
    );
  };

  const item = submission;
  return (
    <Drawer
      open={item !== null}
      onClose={close}
      size={760}
      destroyOnHidden
      title={item ? t('admin.kyc.detailTitle', { name: item.realName }) : undefined}
    >
      {item && (
        <Space orientation="vertical" size="large" className="kyc-review">
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'status', label: t('admin.kyc.statusFilter'), children: <KycStatusTag status={item.status} /> },
              { key: 'userId', label: t('admin.kyc.userId'), children: item.userId },
              { key: 'phone', label: t('admin.kyc.phone'), children: item.phone },
              { key: 'realName', label: t('admin.kyc.realName'), children: item.realName },
              {
                key: 'idNumber',
                label: t('admin.kyc.idNumber'),
                children: <code className="mono">{item.idNumber}</code>,
              },
              { key: 'docType', label: t('admin.kyc.docType'), children: t(`admin.kyc.docTypes.${item.docType}`) },
              {
                key: 'submittedAt',
                label: t('admin.kyc.submittedAt'),
                children: <DateTime value={item.submittedAt} />,
              },
              ...(item.status === 'in_review'
                ? []
                : [
                    {
                      key: 'decidedAt',
                      label: t('admin.kyc.decidedAt'),
                      children: item.decidedAt ? <DateTime value={item.decidedAt} /> : EMPTY,
                    },
                    { key: 'decidedBy', label: t('admin.kyc.decidedBy'), children: item.decidedBy ?? EMPTY },
                    { key: 'reason', label: t('admin.kyc.reason'), children: item.reason ?? EMPTY },
                  ]),
            ]}
          />
          <div className="kyc-images">
            <KycDocumentImage userId={item.userId} submissionId={item.id} side="front" name={item.realName} />
            <KycDocumentImage userId={item.userId} submissionId={item.id} side="back" name={item.realName} />
          </div>
          {item.status === 'in_review' && (
            <Space orientation="vertical" size="middle" className="kyc-decisions">
              <Button type="primary" onClick={() => askToApprove(item)} loading={approve.isPending}>
                {t('admin.kyc.approve')}
              </Button>
              <Form<ResubmitValues>
                form={form}
                name="kyc-resubmit"
                layout="vertical"
                onFinish={(values) => sendResubmit(item, values)}
              >
                <Typography.Title level={2} className="section-title">
                  {t('admin.kyc.requestResubmit')}
                </Typography.Title>
                <Form.Item
                  label={t('admin.kyc.reasonLabel')}
                  name="reason"
                  rules={[
                    { required: true, whitespace: true, message: t('admin.kyc.reasonRequired') },
                    {
                      max: KYC_REASON_MAX_LENGTH,
                      message: t('admin.kyc.reasonTooLong', { max: KYC_REASON_MAX_LENGTH }),
                    },
                  ]}
                >
                  <Input.TextArea rows={3} maxLength={KYC_REASON_MAX_LENGTH} showCount />
                </Form.Item>
                <Button htmlType="submit" danger loading={resubmit.isPending}>
                  {t('admin.kyc.sendResubmit')}
                </Button>
              </Form>
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}
