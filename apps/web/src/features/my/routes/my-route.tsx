import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { useUserInfo } from '../../../app/api/get-user-info';
import { paths } from '../../../app/paths';
import { useSessionStore } from '../../../app/session-store';
import { useLogoutWithConfirm } from '../../../app/use-logout';
import { KycStatusTag } from '../../../ui/kyc-status-tag';
import { MenuList, type MenuItem } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { ProfileHeader } from '../components/profile-header';

/** The "Me" tab: who is logged in, their standing, and the way to settings and support. */
export function MyRoute() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const kfUrl = useSessionStore((state) => state.kfUrl);
  const language = useSessionStore((state) => state.language);
  const logout = useLogoutWithConfirm();

  const items: MenuItem[] = [
    {
      key: 'kyc',
      kind: 'link',
      label: t('my.kycStatus'),
      to: paths.realNameAuthentication.getHref(),
      ...(user.data ? { extra: <KycStatusTag status={user.data.kycStatus} /> } : {}),
    },
    { key: 'settings', kind: 'link', label: t('my.settings'), to: paths.setting.getHref() },
    { key: 'password', kind: 'link', label: t('my.changePassword'), to: paths.changePassword.getHref() },
    {
      key: 'language',
      kind: 'link',
      label: t('my.language'),
      to: paths.settingLanguage.getHref(),
      extra: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
    },
    { key: 'agreement', kind: 'link', label: t('my.agreement'), to: paths.agreement.getHref() },
  ];
  if (kfUrl) items.push({ key: 'support', kind: 'external', label: t('my.customerService'), href: kfUrl });
  items.push({ key: 'logout', kind: 'action', label: t('my.logout'), danger: true, onClick: () => void logout() });

  return (
    <Page title={t('my.title')} back={false}>
      <RefreshList onRefresh={() => user.refetch()}>
        {user.data ? (
          <ProfileHeader user={user.data} />
        ) : user.isError ? (
          <QueryError onRetry={() => void user.refetch()} />
        ) : (
          <PageLoading inline />
        )}
        <MenuList items={items} />
      </RefreshList>
    </Page>
  );
}
