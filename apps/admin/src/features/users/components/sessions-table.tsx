import { useTranslation } from 'react-i18next';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { StatusTag, type StatusTone } from '../../../ui/status-tag.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import type { UserSession } from '../api/get-user.ts';
import { type ConsoleColumns, ConsoleTable } from '../../../ui/console-table.tsx';

type SessionState = 'active' | 'revoked' | 'expired';
const TONES: Record<SessionState, StatusTone> = { active: 'positive', revoked: 'negative', expired: 'neutral' };

function stateOf(session: UserSession, asOfMs: number): SessionState {
  if (session.revokedAt !== null) return 'revoked';
  return Date.parse(session.expiresAt) <= asOfMs ? 'expired' : 'active';
}

/** The investor's recent sign-ins; `asOfMs` is when the list was loaded, which decides "expired". */
export function SessionsTable({ sessions, asOfMs }: { sessions: UserSession[]; asOfMs: number }) {
  const { t } = useTranslation();
  const time = (value: string | null) => (value === null ? '—' : <DateTime value={value} />);
  const columns: ConsoleColumns<UserSession> = [
    {
      key: 'createdAt',
      title: `${t('admin.users.sessionCreated')} (${browserTimeZone})`,
      render: (_, { createdAt }) => time(createdAt),
      className: 'nowrap',
    },
    {
      key: 'lastSeenAt',
      title: t('admin.users.lastSeen'),
      render: (_, { lastSeenAt }) => time(lastSeenAt),
      className: 'nowrap',
    },
    {
      key: 'expiresAt',
      title: t('admin.users.expires'),
      render: (_, { expiresAt }) => time(expiresAt),
      className: 'nowrap',
    },
    {
      key: 'state',
      title: t('admin.users.sessionState'),
      render: (_, session) => {
        const state = stateOf(session, asOfMs);
        return <StatusTag tone={TONES[state]}>{t(`admin.users.sessionStates.${state}`)}</StatusTag>;
      },
    },
    {
      key: 'revokedAt',
      title: t('admin.users.revokedAt'),
      render: (_, { revokedAt }) => time(revokedAt),
      className: 'nowrap',
    },
    {
      key: 'ip',
      title: t('admin.users.ip'),
      render: (_, { ip }) => (ip === null ? '—' : <span className="mono">{ip}</span>),
    },
    {
      key: 'userAgent',
      title: t('admin.users.userAgent'),
      render: (_, { userAgent }) => <span className="user-agent-cell">{userAgent ?? '—'}</span>,
    },
  ];
  return (
    <ConsoleTable<UserSession>
      rowKey="id"
      columns={columns}
      dataSource={sessions}
      locale={{ emptyText: <TableEmpty text={t('admin.users.sessionsEmpty')} /> }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
