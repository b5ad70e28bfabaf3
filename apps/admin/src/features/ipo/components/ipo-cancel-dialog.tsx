import { App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminIpoIssue } from '@bourse/shared/schemas/ipo';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { useCancelIpoIssue } from '../api/cancel-ipo-issue.ts';

/** Cancelling an issue before its draw, with a required reason and what it releases in view. */
export function IpoCancelDialog({ issue, onClose }: { issue: AdminIpoIssue | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelIpoIssue();
  return (
    <DecisionDialog
      open={issue !== null}
      onCancel={onClose}
      title={issue ? t('admin.ipo.cancelTitle', { code: issue.code }) : ''}
      description={
        issue && (
          <>
            <Typography.Paragraph>{t('admin.ipo.cancelBody')}</Typography.Paragraph>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'name', label: t('admin.ipo.name'), children: issue.name },
                { key: 'applicants', label: t('admin.ipo.applicants'), children: issue.applicants },
                { key: 'held', label: t('admin.ipo.heldTotal'), children: <MoneyText amount={issue.heldTotal} /> },
              ]}
            />
          </>
        )
      }
      reasonLabel={t('admin.ipo.cancelReason')}
      submitText={t('admin.ipo.cancel')}
      pending={cancel.isPending}
      onSubmit={(reason) =>
        issue &&
        cancel.mutate(
          { issueId: issue.id, reason },
          {
            // The query client has shown the server's message; after a refusal the reason stays typed in.
            onSuccess: () => {
              void message.success(t('admin.ipo.cancelledDone', { code: issue.code }));
              onClose();
            },
          },
        )
      }
    />
  );
}
