import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { CreateInvitationForm } from './create-invitation-form.tsx';
import { InvitationsTable } from './invitations-table.tsx';

export function InvitationsScreen() {
  const { t } = useTranslation();
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const invitations = useInvitations(pageParams);

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.invitations.title')}
      </Typography.Title>
      <CreateInvitationForm />
      <Card className="section-card">
        <InvitationsTable query={invitations} pageParams={pageParams} onPageChange={setPageParams} />
      </Card>
    </div>
  );
}
