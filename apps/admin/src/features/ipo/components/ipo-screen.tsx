import { Button, Card, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ipoStatus, type AdminIpoIssue, type IpoStatus } from '@bourse/shared/schemas/ipo';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useIpoIssues } from '../api/get-ipo-issues.ts';
import { IpoActionDialog, type IpoAction } from './ipo-action-dialog.tsx';
import { IpoIssueFormDrawer, type IssueFormTarget } from './ipo-issue-form-drawer.tsx';
import { IpoIssuesTable } from './ipo-issues-table.tsx';

const STATUS_PARAM = 'status';
const ALL = 'all';

/**
 * New share issues: their terms and the demand so far, creation and edits, cancellation before the
 * draw, the draw itself once the window has closed ("allocate now") and, after it, the results. The status filter is part of the address.
 */
export function IpoScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsedStatus = ipoStatus.safeParse(searchParams.get(STATUS_PARAM));
  const status: IpoStatus | undefined = parsedStatus.success ? parsedStatus.data : undefined;
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const issues = useIpoIssues({ status, ...pageParams });
  const [formTarget, setFormTarget] = useState<IssueFormTarget | null>(null);
  const [deciding, setDeciding] = useState<{ action: IpoAction; issue: AdminIpoIssue } | null>(null);

  return (
    <div className="screen">
      <div className="section-heading">
        <Typography.Title level={1} className="screen-title">
          {t('admin.ipo.title')}
        </Typography.Title>
        <Button type="primary" onClick={() => setFormTarget({ mode: 'create' })}>
          {t('admin.ipo.create')}
        </Button>
      </div>
      <Card className="section-card">
        <Space wrap className="list-filter">
          <span id="ipo-status-filter">{t('admin.ipo.status')}</span>
          <Radio.Group
            aria-labelledby="ipo-status-filter"
            optionType="button"
            buttonStyle="solid"
            value={status ?? ALL}
            onChange={(event) => {
              const value = ipoStatus.safeParse(event.target.value);
              setSearchParams(value.success ? { [STATUS_PARAM]: value.data } : {});
              setPageParams(FIRST_PAGE);
            }}
            options={[
              { value: ALL, label: t('admin.ipo.allStatuses') },
              ...ipoStatus.options.map((value) => ({ value, label: t(`admin.ipo.statuses.${value}`) })),
            ]}
          />
        </Space>
        <IpoIssuesTable
          query={issues}
          pageParams={pageParams}
          onPageChange={setPageParams}
          onEdit={(issue) => setFormTarget({ mode: 'edit', issue })}
          onCancel={(issue) => setDeciding({ action: 'cancel', issue })}
          onAllocate={(issue) => setDeciding({ action: 'allocate', issue })}
        />
      </Card>
      <IpoIssueFormDrawer target={formTarget} onClose={() => setFormTarget(null)} />
      <IpoActionDialog
        action={deciding?.action ?? null}
        issue={deciding?.issue ?? null}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
