import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AuditLogTable } from './audit-log-table.tsx';

/** The read-only audit log: the console offers no way to change or delete an entry. */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const auditLog = useAuditLog(pageParams);

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.audit.title')}
      </Typography.Title>
      <Card className="section-card">
        <AuditLogTable query={auditLog} pageParams={pageParams} onPageChange={setPageParams} />
      </Card>
    </div>
  );
}
