import { Dialog } from 'antd-mobile';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from './api/logout';
import { paths } from './paths';
import { endSession } from './session';
import { showToast } from './toast';

/**
 * Logout with confirmation (product spec §4): asks first, revokes the token on the server, ends the
 * local session and opens the login screen. The local session ends even if the server cannot be
 * reached, so the device never stays logged in against the user's wish.
 */
export function useLogoutWithConfirm(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await Dialog.confirm({
      'aria-label': t('my.logoutConfirm'),
      content: t('my.logoutConfirm'),
      confirmText: t('my.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await logout();
    } catch {
      // Already shown by the request client, or the network is down: end the session locally anyway.
    }
    // One render with both changes, so the guard never sees the login screen with a token.
    flushSync(() => {
      endSession();
      void navigate(paths.login.getHref(), { replace: true });
    });
    showToast(t('my.logoutSuccess'));
  };
}
