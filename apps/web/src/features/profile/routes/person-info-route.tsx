import { Avatar, Button } from 'antd-mobile';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberUserInfo, useUserInfo, getUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { MenuList } from '../../../ui/menu-list';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { TextField } from '../../../ui/text-field';
import { maskPhone, saveProfile, uploadAvatar } from '../api/profile-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Personal information: the avatar (uploaded, cropped and resized on the server), nickname and
 * e-mail, the mobile number masked, the language. The nickname is shown as text wherever it appears.
 */
export function PersonInfoRoute() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const language = useSessionStore((state) => state.language);
  const failed = useSubmitFailure();
  const fileInput = useRef<HTMLInputElement>(null);
  const [nickname, setNickname] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (!user.data) {
    return (
      <Page title={t('profile.title')}>
        <PageLoading />
      </Page>
    );
  }
  const info = user.data;
  const nicknameValue = nickname ?? info.nickname;
  const emailValue = email ?? info.email ?? '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = emailValue.trim();
    if (trimmedEmail !== '' && !EMAIL.test(trimmedEmail)) {
      setEmailError(t('profile.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      const changes: { nickname?: string; email?: string } = {};
      if (nicknameValue !== info.nickname) changes.nickname = nicknameValue;
      if (trimmedEmail !== (info.email ?? '') && trimmedEmail !== '') changes.email = trimmedEmail;
      rememberUserInfo(await saveProfile(changes));
      setNickname(null);
      setEmail(null);
      showToast(t('profile.saved'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const chooseAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await uploadAvatar(file);
      rememberUserInfo(await getUserInfo());
      showToast(t('profile.avatarChanged'));
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Page title={t('profile.title')}>
      <section className="person-info-avatar" aria-label={t('profile.avatar')}>
        <Avatar className="profile-header-avatar" src={info.avatar ?? ''} alt={t('profile.avatar')} />
        <input
          ref={fileInput}
          id="avatar-file"
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={t('profile.changeAvatar')}
          aria-describedby="avatar-hint"
          onChange={(event) => void chooseAvatar(event)}
        />
        <Button size="small" onClick={() => fileInput.current?.click()}>
          {t('profile.changeAvatar')}
        </Button>
        <p id="avatar-hint" className="text-field-hint">
          {t('profile.avatarHint')}
        </p>
      </section>
      <form className="form" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          id="nickname"
          label={t('profile.nickname')}
          hint={t('profile.nicknameHint')}
          value={nicknameValue}
          maxLength={30}
          autoComplete="nickname"
          onChange={(event) => setNickname(event.target.value)}
        />
        <TextField
          id="email"
          type="email"
          label={t('profile.email')}
          value={emailValue}
          error={emailError}
          autoComplete="email"
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
          {t('profile.save')}
        </Button>
      </form>
      <MenuList
        items={[
          { key: 'mobile', kind: 'info', label: t('profile.mobile'), extra: maskPhone(info.phone) },
          {
            key: 'language',
            kind: 'link',
            label: t('my.language'),
            to: paths.settingLanguage.getHref(),
            extra: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
          },
        ]}
      />
    </Page>
  );
}
