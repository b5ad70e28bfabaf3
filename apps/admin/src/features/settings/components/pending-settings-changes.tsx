import { App, Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsChange } from '@bourse/shared/schemas/settings-admin';
import { useCurrentOperator } from '../../../lib/operator-context.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { useDecideSettingsChange, usePendingSettingsChanges } from '../api/settings-changes.ts';

/** Settings a change can name; the console labels each (fees, minimums, maximums, four eyes). */
const LABELLED = [
  'minDeposit',
  'minWithdrawal',
  'minTransfer',
  'withdrawalFee',
  'commissionRate',
  'commissionMin',
  'transactionFeeRate',
  'stampDutyRate',
  'tPlusOne',
  'fourEyesThreshold',
  'maxDeposit',
  'maxDepositsPerDay',
  'loanAnnualRate',
  'loanTermsDays',
  'loanLimitLevel1',
  'loanLimitLevel2',
  'loanLimitLevel3',
  'loanLimitLevel4',
  'loanLimitLevel5',
] as const;
type LabelledKey = (typeof LABELLED)[number];
const isLabelled = (key: string): key is LabelledKey => (LABELLED as readonly string[]).includes(key);

function PendingChange({ change }: { change: SettingsChange }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentOperator();
  const decide = useDecideSettingsChange();
  const mine = change.proposedBy === me.username;
  const label = (key: string) => (isLabelled(key) ? t(`admin.settings.fields.${key}`) : key);

  const run = async (decision: 'approve' | 'reject') => {
    try {
      await decide.mutateAsync({ id: change.id, decision });
    } catch {
      // The query client has shown the server's message (e.g. decided by someone else meanwhile).
      return;
    }
    void message.success(
      t(decision === 'approve' ? 'admin.settings.pending.approved' : 'admin.settings.pending.rejected'),
    );
  };

  return (
    <li
      className="settings-pending-change"
      aria-label={t('admin.settings.pending.proposed', { operator: change.proposedBy })}
    >
      <ul className="settings-changes">
        {change.changes.map((c) => (
          <li key={c.key}>{t('admin.settings.change', { label: label(c.key), from: c.from, to: c.to })}</li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">
        {t('admin.settings.pending.proposed', { operator: change.proposedBy })}, <DateTime value={change.proposedAt} />
      </Typography.Paragraph>
      {mine ? (
        // The server refuses a proposer's own approval; the console says so instead of offering it.
        <Typography.Paragraph strong>{t('admin.settings.pending.own')}</Typography.Paragraph>
      ) : (
        <Space>
          <Button type="primary" loading={decide.isPending} onClick={() => void run('approve')}>
            {t('admin.settings.pending.approve')}
          </Button>
          <Button danger loading={decide.isPending} onClick={() => void run('reject')}>
            {t('admin.settings.pending.reject')}
          </Button>
        </Space>
      )}
    </li>
  );
}

/**
 * Changes that loosen a money control (a higher four-eyes threshold or deposit maximum, a lower fee
 * or minimum withdrawal) wait here until an operator other than the proposer approves or rejects
 * them. Nothing is shown while none waits.
 */
export function PendingSettingsChanges() {
  const { t } = useTranslation();
  const pending = usePendingSettingsChanges();
  if (pending.isError) return <QueryErrorAlert error={pending.error} onRetry={() => void pending.refetch()} />;
  const items = pending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="section-card">
      <section aria-labelledby="settings-pending">
        <Typography.Title level={2} className="section-title" id="settings-pending">
          {t('admin.settings.pending.title')}
        </Typography.Title>
        <Typography.Paragraph>{t('admin.settings.pending.intro')}</Typography.Paragraph>
        <ul className="settings-pending">
          {items.map((change) => (
            <PendingChange key={change.id} change={change} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
