import { Card } from 'antd-mobile';
import { formatNumber } from '@bourse/shared/format';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { ChevronRightIcon } from '../../../ui/icons';
import { KycStatusTag } from '../../../ui/kyc-status-tag';
import { StatList } from '../../../ui/stat-list';
import { useLanguage } from '../../../ui/use-language';

/** The account at a glance: phone, verification, member level and credit points. */
export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Card className="home-card" title={<h2 className="card-title">{t('home.account')}</h2>}>
      <StatList
        items={[
          { key: 'phone', label: t('my.phone'), value: user.phone },
          {
            key: 'kyc',
            label: t('my.kycStatus'),
            // The way to the verification screen, named by what it leads to and the current state.
            value: (
              <Link
                className="stat-link"
                to={paths.realNameAuthentication.getHref()}
                aria-label={`${t('my.kycStatus')}: ${t(`kyc.${user.kycStatus}`)}`}
              >
                <KycStatusTag status={user.kycStatus} />
                <ChevronRightIcon />
              </Link>
            ),
          },
          { key: 'level', label: t('my.memberLevel'), value: formatNumber(user.level, lang) },
          { key: 'credit', label: t('my.creditPoints'), value: formatNumber(user.creditPoints, lang) },
        ]}
      />
      <Link className="stat-link" to={paths.homeDetail.getHref()}>
        {t('homeDetail.open')}
        <ChevronRightIcon />
      </Link>
    </Card>
  );
}
