import { Card, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_SUBMISSION_STATUSES, type KycSubmission, type KycSubmissionStatus } from '@bourse/shared/schemas/kyc';
import { FIRST_PAGE, type PageParams } from '../../../ui/pagination.ts';
import { useKycQueue } from '../api/get-kyc-queue.ts';
import { KycQueueTable } from './kyc-queue-table.tsx';
import { KycReviewDrawer } from './kyc-review-drawer.tsx';

/**
 * The compliance queue: submissions waiting for review (oldest first), and those already decided.
 * Opening one shows the details in full with both images; decisions are audit-logged by the server.
 */
export function KycQueueScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<KycSubmissionStatus>('in_review');
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const [selected, setSelected] = useState<KycSubmission | null>(null);
  const queue = useKycQueue({ status, ...pageParams });

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.kyc.title')}
      </Typography.Title>
      <Card className="section-card">
        <Space className="kyc-filter" wrap>
          <span id="kyc-status-filter">{t('admin.kyc.statusFilter')}</span>
          <Radio.Group
            aria-labelledby="kyc-status-filter"
            optionType="button"
            buttonStyle="solid"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as KycSubmissionStatus);
              setPageParams(FIRST_PAGE);
            }}
            options={KYC_SUBMISSION_STATUSES.map((value) => ({ value, label: t(`admin.kyc.statuses.${value}`) }))}
          />
        </Space>
        <KycQueueTable
          status={status}
          query={queue}
          pageParams={pageParams}
          onPageChange={setPageParams}
          onReview={setSelected}
        />
      </Card>
      <KycReviewDrawer submission={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
