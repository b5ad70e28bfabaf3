import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@bourse/shared/schemas/admin';

// antd's preset green tag text is below 4.5:1 on its own background; these pairs are above 7:1.
const STYLES: Record<Invitation['status'], { color: string; background: string; borderColor: string }> = {
  active: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  disabled: { color: '#434343', background: '#f5f5f5', borderColor: '#bfbfbf' },
};

export function InvitationStatusTag({ status }: { status: Invitation['status'] }) {
  const { t } = useTranslation();
  return <Tag style={STYLES[status]}>{t(`admin.invitations.${status}`)}</Tag>;
}
