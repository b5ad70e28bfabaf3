import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { SUPPORT_CHAT_URL } from '@bourse/shared/schemas/support';
import { useAssets } from '../../../lib/api/get-assets';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { useSupportUnread } from '../../../lib/api/support-unread';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { useLogoutWithConfirm } from '../../../lib/use-logout';
import { KycStatusTag } from '../../../ui/kyc-status-tag';
import { MenuList, type MenuItem } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { usePaneShown } from '../../../ui/pane-active';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { AssetsOverview } from '../components/assets-overview';
import { ProfileHeader } from '../components/profile-header';
import { TradingMenu } from '../components/trading-menu';
import { useWalletEntries } from '../components/use-wallet-entries';

export interface MyRouteProps {
  /** New shares and block trades at a glance (open issues, pending holds), composed in by the app. */
  investmentsSection?: ReactNode;
  /** The unread count shown on the "Messages" row, composed in by the app. */
  messagesBadge?: ReactNode;
}

/**
 * The "Me" tab: who is logged in, their standing and money, the ways to move it, settings and
 * support. The tab stays alive while hidden; its figures are fetched again whenever it is shown.
 */
export function MyRoute({ investmentsSection, messagesBadge }: MyRouteProps = {}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const assets = useAssets();
  const entries = useWalletEntries(user.data?.hasTradingPassword);
  // Joins a fetch already under way instead of restarting it.
  usePaneShown(() => void assets.refetch({ cancelRefetch: false }));
  const kfUrl = useSessionStore((state) => state.kfUrl);
  const supportUnread = useSupportUnread(kfUrl === SUPPORT_CHAT_URL);
  const language = useSessionStore((state) => state.language);
  const logout = useLogoutWithConfirm();

  const items: MenuItem[] = [
    {
      key: 'messages',
      kind: 'link',
      label: t('messages.title'),
      to: paths.messages.getHref(),
      ...(messagesBadge ? { extra: messagesBadge } : {}),
    },
    {
      key: 'kyc',
      kind: 'link',
      label: t('my.kycStatus'),
      to: paths.realNameAuthentication.getHref(),
      ...(user.data ? { extra: <KycStatusTag status={user.data.kycStatus} /> } : {}),
    },
    { key: 'loans', kind: 'link', label: t('my.loans'), to: paths.loan.getHref() },
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
  if (kfUrl === SUPPORT_CHAT_URL) {
    // The built-in chat, with the replies not read yet.
    const count = supportUnread.data ?? 0;
    items.push({
      key: 'support',
      kind: 'link',
      label: t('my.customerService'),
      to: paths.customerService.getHref(),
      ...(count > 0
        ? {
            extra: (
              <span className="support-unread" aria-label={t('support.chat.unread', { count })}>
                {count}
              </span>
            ),
          }
        : {}),
    });
  } else if (kfUrl) items.push({ key: 'support', kind: 'external', label: t('my.customerService'), href: kfUrl });
  items.push({ key: 'logout', kind: 'action', label: t('my.logout'), danger: true, onClick: () => void logout() });

  return (
    <Page title={t('my.title')} back={false}>
      <RefreshList onRefresh={() => Promise.all([user.refetch(), assets.refetch()])}>
        {user.data ? (
          <ProfileHeader user={user.data} />
        ) : user.isError ? (
          <QueryError onRetry={() => void user.refetch()} />
        ) : (
          <PageLoading inline />
        )}
        <div className="assets-content">
          {assets.data ? (
            <AssetsOverview
              assets={assets.data}
              variant="summary"
              actions={
                <>
                  <Link className="button-link" to={paths.bankIn.getHref()}>
                    {t('wallet.entries.deposit')}
                  </Link>
                  <Link className="button-link button-link-outline" to={paths.withdraw.getHref()}>
                    {t('wallet.entries.withdraw')}
                  </Link>
                  <Link className="assets-details-link" to={paths.personCenter.getHref()}>
                    {t('assets.title')}
                  </Link>
                </>
              }
            />
          ) : assets.isError ? (
            <QueryError onRetry={() => void assets.refetch()} />
          ) : (
            <PageLoading inline />
          )}
        </div>
        <TradingMenu />
        {investmentsSection}
        <MenuList
          label={t('assets.accountMenu')}
          items={[
            entries.transfer,
            entries.cards,
            entries.records,
            { key: 'fund', kind: 'link', label: t('fund.menu'), to: paths.fund.getHref() },
            { key: 'moneyLog', kind: 'link', label: t('fund.moneyLogTitle'), to: paths.moneyLog.getHref() },
            entries.tradingPassword,
          ]}
        />
        <MenuList items={items} />
      </RefreshList>
    </Page>
  );
}
