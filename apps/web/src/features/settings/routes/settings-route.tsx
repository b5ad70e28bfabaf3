import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { useColorConvention } from '../../../lib/color-convention';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { checkForUpdate, clearServiceWorkerCaches } from '../../../lib/service-worker';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useLogoutWithConfirm } from '../../../lib/use-logout';
import { MenuList } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';

/** Settings: personal info, language, password, your data, cache, version and updates, logout. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const language = useSessionStore((state) => state.language);
  const convention = useColorConvention();
  const version = useSessionStore((state) => state.config?.version);
  const logout = useLogoutWithConfirm();
  const [busy, setBusy] = useState<'cache' | 'update' | null>(null);

  const clearCache = async () => {
    setBusy('cache');
    try {
      queryClient.clear();
      await clearServiceWorkerCaches();
      showToast(t('my.cacheCleared'));
    } finally {
      setBusy(null);
    }
  };

  const checkUpdate = async () => {
    setBusy('update');
    try {
      // When an update is found, the update dialog itself is the answer.
      if ((await checkForUpdate()) === 'up-to-date') showToast(t('my.upToDate'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page title={t('my.settings')}>
      <MenuList
        items={[
          { key: 'personInfo', kind: 'link', label: t('profile.title'), to: paths.personInfo.getHref() },
          {
            key: 'language',
            kind: 'link',
            label: t('my.language'),
            to: paths.settingLanguage.getHref(),
            extra: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
          },
          {
            key: 'colors',
            kind: 'link',
            label: t('colors.menu'),
            to: paths.settingColors.getHref(),
            extra: t(convention === 'red-up' ? 'colors.redUp' : 'colors.greenUp'),
          },
          { key: 'password', kind: 'link', label: t('my.changePassword'), to: paths.changePassword.getHref() },
          { key: 'data', kind: 'link', label: t('profile.dataTitle'), to: paths.settingData.getHref() },
          {
            key: 'cache',
            kind: 'action',
            label: t('my.clearCache'),
            disabled: busy !== null,
            onClick: () => void clearCache(),
          },
        ]}
      />
      <MenuList
        items={[
          { key: 'version', kind: 'info', label: t('my.version'), extra: version ?? '—' },
          {
            key: 'update',
            kind: 'action',
            label: t('my.checkUpdate'),
            disabled: busy !== null,
            onClick: () => void checkUpdate(),
          },
        ]}
      />
      <div className="page-actions">
        <Button block size="large" color="danger" fill="outline" onClick={() => void logout()}>
          {t('my.logout')}
        </Button>
      </div>
    </Page>
  );
}
