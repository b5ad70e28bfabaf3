import type { FinanceRecord } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { MoneyText } from '../../../ui/money-text';
import { StatusTag, type StatusTone } from '../../../ui/status-tag';
import { useFormatAmount } from '../use-format-amount';

const STATUS_TONES = {
  pending: 'warning',
  succeeded: 'success',
  paid: 'success',
  failed: 'danger',
  rejected: 'danger',
} as const satisfies Record<string, StatusTone>;

type KnownStatus = keyof typeof STATUS_TONES;

const isKnownStatus = (status: string): status is KnownStatus => Object.hasOwn(STATUS_TONES, status);

/**
 * One movement of money: its type, the amount (+ in, − out), the fee, its status with the reason of
 * a refusal, and when it was made, in the user's zone.
 */
export function RecordItem({ record, currency }: { record: FinanceRecord; currency: string }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const status = record.status;
  const voided = status === 'failed' || status === 'rejected';
  const titleId = `record-${record.id}`;
  return (
    <li className="record" aria-labelledby={titleId}>
      <div className="record-row">
        <h2 id={titleId} className="record-type">
          {t(`wallet.records.types.${record.type}`)}
        </h2>
        {/* Green in, red out; money that never moved (failed, rejected) keeps its sign, not the colour. */}
        <MoneyText
          className="record-amount"
          amount={record.direction === 'out' ? `-${record.amount}` : record.amount}
          currency={currency}
          signed={!voided}
        />
      </div>
      <div className="record-row record-meta">
        <time dateTime={record.createdAt}>{formatUserDateTime(record.createdAt)}</time>
        {isKnownStatus(status) ? (
          <StatusTag tone={STATUS_TONES[status]}>{t(`wallet.records.statuses.${status}`)}</StatusTag>
        ) : (
          <StatusTag>{status}</StatusTag>
        )}
      </div>
      <p className="record-fee">{t('wallet.records.fee', { fee: format(record.fee) })}</p>
      {record.reason && voided && (
        <p className="record-reason">{t('wallet.records.reason', { reason: record.reason })}</p>
      )}
    </li>
  );
}
