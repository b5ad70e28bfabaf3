import { Card } from 'antd-mobile';
import { formatNumber } from '@bourse/shared/format';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { StatList } from '../../../ui/stat-list';
import { useLanguage } from '../../../ui/use-language';
import { KycStatusTag } from './kyc-status-tag';

/** The account at a glance: phone, verification, member level and credit points. */
export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Card className="home-card" title={<h2 className="card-title">{t('home.account')}</h2>}>
      <StatList
        items={[
          { key: 'phone', label: t('my.phone'), value: user.phone },
          { key: 'kyc', label: t('my.kycStatus'), value: <KycStatusTag status={user.kycStatus} /> },
          { key: 'level', label: t('my.memberLevel'), value: formatNumber(user.level, lang) },
          { key: 'credit', label: t('my.creditPoints'), value: formatNumber(user.creditPoints, lang) },
        ]}
      />
    </Card>
  );
}
