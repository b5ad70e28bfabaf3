import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@bourse/shared/schemas/messages';
import { DateTime } from '../../../ui/date-time.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useAnnouncements } from '../api/announcements.ts';
import { AnnouncementForm } from './announcement-form.tsx';
import { audienceText } from './audience-text.ts';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

/** Announcements: the form to publish one, and those published with their audience, size and read count. */
export function AnnouncementsScreen() {
  const { t } = useTranslation();
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const announcements = useAnnouncements(pageParams);
  const columns: ConsoleColumns<Announcement> = [
    {
      key: 'created',
      title: t('admin.announcements.created'),
      render: (_, a) => <DateTime value={new Date(a.createdAt).toISOString()} />,
    },
    { key: 'title', title: t('admin.announcements.titleField'), dataIndex: 'title' },
    { key: 'audience', title: t('admin.announcements.audience'), render: (_, a) => audienceText(t, a.audience) },
    { key: 'recipients', title: t('admin.announcements.recipients'), dataIndex: 'recipients' },
    { key: 'read', title: t('admin.announcements.readCount'), dataIndex: 'read' },
    { key: 'by', title: t('admin.announcements.by'), dataIndex: 'createdBy' },
  ];
  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.announcements.title')}
      </Typography.Title>
      <AnnouncementForm />
      <Card className="section-card">
        <PagedList<Announcement>
          query={announcements}
          pageParams={pageParams}
          onPageChange={setPageParams}
          rowKey="id"
          columns={columns}
          emptyText={t('admin.announcements.empty')}
        />
      </Card>
    </div>
  );
}
