import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@bourse/shared/schemas/admin-users';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

type UserStatus = AdminUser['status'];

const STATUS_TONES: Record<UserStatus, StatusTone> = { active: 'positive', frozen: 'negative' };

export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={STATUS_TONES[status]}>{t(`admin.users.statuses.${status}`)}</StatusTag>;
}

const KYC_TONES = { none: 'neutral', in_review: 'waiting', approved: 'positive', resubmit: 'negative' } as const;
type KnownKycStatus = keyof typeof KYC_TONES;

const isKnownKycStatus = (value: string): value is KnownKycStatus => Object.hasOwn(KYC_TONES, value);

/** The investor's identity verification state; one the console does not know is shown as received. */
export function UserKycTag({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isKnownKycStatus(status)) return <Tag>{status}</Tag>;
  return <StatusTag tone={KYC_TONES[status]}>{t(`admin.users.kycStatuses.${status}`)}</StatusTag>;
}
