import { useTranslation } from 'react-i18next';
import type { Invitation } from '@bourse/shared/schemas/admin';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

const TONES: Record<Invitation['status'], StatusTone> = { active: 'positive', disabled: 'neutral' };

export function InvitationStatusTag({ status }: { status: Invitation['status'] }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`admin.invitations.${status}`)}</StatusTag>;
}
