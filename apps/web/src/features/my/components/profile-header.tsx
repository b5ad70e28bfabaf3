import { Avatar } from 'antd-mobile';
import { formatNumber } from '@bourse/shared/format';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { StatList } from '../../../ui/stat-list';
import { useLanguage } from '../../../ui/use-language';

/** Avatar, name and phone, with member level and credit points. */
export function ProfileHeader({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = user.nickname.trim() || user.phone;
  return (
    <section className="profile-header" aria-labelledby="profile-name">
      <div className="profile-header-identity">
        <Avatar className="profile-header-avatar" src={user.avatar ?? ''} alt="" />
        <div>
          <h2 id="profile-name" className="profile-header-name">
            {name}
          </h2>
          <p className="profile-header-phone">
            <span className="visually-hidden">{t('my.phone')}: </span>
            {user.phone}
          </p>
        </div>
      </div>
      <StatList
        layout="grid"
        items={[
          { key: 'level', label: t('my.memberLevel'), value: formatNumber(user.level, lang) },
          { key: 'credit', label: t('my.creditPoints'), value: formatNumber(user.creditPoints, lang) },
        ]}
      />
    </section>
  );
}
