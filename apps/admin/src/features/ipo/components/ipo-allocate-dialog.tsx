import { App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminIpoIssue } from '@bourse/shared/schemas/ipo';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { useAllocateIpoIssue } from '../api/allocate-ipo-issue.ts';

/** "Allocate now": the draw of a closed issue before its scheduled time, confirmed with its demand in view. */
export function IpoAllocateDialog({ issue, onClose }: { issue: AdminIpoIssue | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allocate = useAllocateIpoIssue();
  return (
    <DecisionDialog
      open={issue !== null}
      onCancel={onClose}
      title={issue ? t('admin.ipo.allocateTitle', { code: issue.code }) : ''}
      description={
        issue && (
          <>
            <Typography.Paragraph>{t('admin.ipo.allocateBody')}</Typography.Paragraph>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'name', label: t('admin.ipo.name'), children: issue.name },
                { key: 'applicants', label: t('admin.ipo.applicants'), children: issue.applicants },
                {
                  key: 'lots',
                  label: t('admin.ipo.appliedLots'),
                  children: t('admin.ipo.lotsOfPublic', { applied: issue.appliedLots, public: issue.publicLots }),
                },
                { key: 'held', label: t('admin.ipo.heldTotal'), children: <MoneyText amount={issue.heldTotal} /> },
              ]}
            />
          </>
        )
      }
      submitText={t('admin.ipo.allocate')}
      pending={allocate.isPending}
      onSubmit={() =>
        issue &&
        allocate.mutate(
          { issueId: issue.id },
          {
            // A refusal is shown by the query client (localized); the dialog closes either way on success.
            onSuccess: () => {
              void message.success(t('admin.ipo.allocatedDone', { code: issue.code }));
              onClose();
            },
          },
        )
      }
    />
  );
}
