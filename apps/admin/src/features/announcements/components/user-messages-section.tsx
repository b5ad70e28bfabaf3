import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_ROLES, type Message } from '@bourse/shared/schemas/messages';
import { useCurrentOperator } from '../../../lib/operator-context.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useUserMessages } from '../api/announcements.ts';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

function MessagesCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const messages = useUserMessages(userId, pageParams);
  const columns: ConsoleColumns<Message> = [
    {
      key: 'created',
      title: t('admin.announcements.created'),
      render: (_, m) => <DateTime value={new Date(m.createdAt).toISOString()} />,
    },
    {
      key: 'kind',
      title: t('admin.announcements.kind'),
      render: (_, m) => (m.kind === 'announcement' ? t('messages.announcement') : t(`messages.title`)),
    },
    { key: 'title', title: t('admin.announcements.titleField'), dataIndex: 'title' },
    { key: 'body', title: t('admin.announcements.bodyField'), dataIndex: 'body' },
    {
      key: 'state',
      title: t('admin.announcements.state'),
      render: (_, m) => (m.read ? t('admin.announcements.read') : t('admin.announcements.unread')),
    },
  ];
  return (
    <Card className="section-card">
      <section aria-labelledby="user-messages">
        <Typography.Title level={2} className="section-title" id="user-messages">
          {t('admin.announcements.userMessages')}
        </Typography.Title>
        <PagedList<Message>
          query={messages}
          pageParams={pageParams}
          onPageChange={setPageParams}
          rowKey="id"
          columns={columns}
          emptyText={t('admin.announcements.noUserMessages')}
        />
      </section>
    </Card>
  );
}

/** An investor's messages on the user page, in the console's language, for administrators and support. */
export function UserMessagesSection({ userId }: { userId: number }) {
  const operator = useCurrentOperator();
  const allowed = operator.roles.some((role) => (MESSAGE_ROLES as readonly string[]).includes(role));
  return allowed ? <MessagesCard userId={userId} /> : null;
}
