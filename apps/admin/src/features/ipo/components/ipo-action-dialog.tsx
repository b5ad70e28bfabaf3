import { App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminIpoIssue } from '@bourse/shared/schemas/ipo';
import { DecisionDialog } from '../../../ui/decision-dialog.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { useAllocateIpoIssue } from '../api/allocate-ipo-issue.ts';
import { useCancelIpoIssue } from '../api/cancel-ipo-issue.ts';

export type IpoAction = 'cancel' | 'allocate';

/** What the operator sees of an issue before deciding: its demand and what is held for it. */
function IssueDemand({ issue, body, withLots }: { issue: AdminIpoIssue; body: string; withLots: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph>{body}</Typography.Paragraph>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'name', label: t('admin.ipo.name'), children: issue.name },
          { key: 'applicants', label: t('admin.ipo.applicants'), children: issue.applicants },
          ...(withLots
            ? [
                {
                  key: 'lots',
                  label: t('admin.ipo.appliedLots'),
                  children: t('admin.ipo.lotsOfPublic', { applied: issue.appliedLots, public: issue.publicLots }),
                },
              ]
            : []),
          { key: 'held', label: t('admin.ipo.heldTotal'), children: <MoneyText amount={issue.heldTotal} /> },
        ]}
      />
    </>
  );
}

/**
 * The console's two decisions on an issue, each with its demand in view: cancelling before the draw
 * (a reason required; every hold released) and "Allocate now" (the draw of a closed issue before its
 * scheduled time). A refusal is shown by the query client, localized; after one the dialog stays
 * open (a typed reason stays typed in); on success it closes.
 */
export function IpoActionDialog({
  action,
  issue,
  onClose,
}: {
  action: IpoAction | null;
  issue: AdminIpoIssue | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelIpoIssue();
  const allocate = useAllocateIpoIssue();
  const open = issue !== null && action !== null;
  const done = (key: 'admin.ipo.cancelledDone' | 'admin.ipo.allocatedDone') => () => {
    if (issue) void message.success(t(key, { code: issue.code }));
    onClose();
  };
  const common = { open, onCancel: onClose };
  if (action === 'cancel') {
    return (
      <DecisionDialog
        {...common}
        title={issue ? t('admin.ipo.cancelTitle', { code: issue.code }) : ''}
        description={issue && <IssueDemand issue={issue} body={t('admin.ipo.cancelBody')} withLots={false} />}
        reasonLabel={t('admin.ipo.cancelReason')}
        submitText={t('admin.ipo.cancel')}
        pending={cancel.isPending}
        onSubmit={(reason) =>
          issue && cancel.mutate({ issueId: issue.id, reason }, { onSuccess: done('admin.ipo.cancelledDone') })
        }
      />
    );
  }
  return (
    <DecisionDialog
      {...common}
      title={issue ? t('admin.ipo.allocateTitle', { code: issue.code }) : ''}
      description={issue && <IssueDemand issue={issue} body={t('admin.ipo.allocateBody')} withLots />}
      submitText={t('admin.ipo.allocate')}
      pending={allocate.isPending}
      onSubmit={() => issue && allocate.mutate({ issueId: issue.id }, { onSuccess: done('admin.ipo.allocatedDone') })}
    />
  );
}
