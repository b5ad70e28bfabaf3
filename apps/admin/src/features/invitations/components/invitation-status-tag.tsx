import { useTranslation } from 'react-i18next';
import type { Invitation } from '@bourse/shared/schemas/admin';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';

/** What the operator needs to know of a code: usable, used up (every allowed use taken) or disabled. */
export type InvitationState = Invitation['status'] | 'usedUp';

const TONES: Record<InvitationState, StatusTone> = { active: 'positive', usedUp: 'waiting', disabled: 'neutral' };

export function invitationState({
  status,
  uses,
  maxUses,
}: Pick<Invitation, 'status' | 'uses' | 'maxUses'>): InvitationState {
  if (status === 'active' && maxUses !== null && uses >= maxUses) return 'usedUp';
  return status;
}

export function InvitationStatusTag({ invitation }: { invitation: Pick<Invitation, 'status' | 'uses' | 'maxUses'> }) {
  const { t } = useTranslation();
  const state = invitationState(invitation);
  return <StatusTag tone={TONES[state]}>{t(`admin.invitations.${state}`)}</StatusTag>;
}
