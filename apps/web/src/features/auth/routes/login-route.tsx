import { useRef, useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { LoginRedirectState } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { useLogin } from '../api/login';
import { AuthBrand } from '../components/auth-brand';
import { LanguageShortcut } from '../components/language-shortcut';
import type { MessageKey } from '@bourse/shared/i18n/types';
import { normalizePhone } from '../validation';

/** What other screens may hand to the login screen: the interrupted route, a phone to prefill. */
export interface LoginLocationState extends LoginRedirectState {
  phone?: string;
}

type LoginField = 'phone' | 'password';

/** Each field's rule: a catalog key when it fails (translated where shown, so it follows a language change). */
const checks: Record<LoginField, (value: string) => MessageKey | null> = {
  phone: (value) => (value.trim() === '' ? 'auth.validation.usernameRequired' : null),
  password: (value) => (value === '' ? 'auth.validation.passwordRequired' : null),
};

/**
 * Login: phone and password, encrypted to the server's key. On success the session starts and the
 * guard moves on to the interrupted route (or /).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as LoginLocationState | null;
  const login = useLogin();
  const onFailure = useSubmitFailure();
  // Two fields: plain state rather than a form library, which would weigh on the app's first screen.
  const [values, setValues] = useState<Record<LoginField, string>>({ phone: state?.phone ?? '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, MessageKey>>>({});
  const [submitted, setSubmitted] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // After the first submit each field is checked again as it changes (and its error goes once fixed).
  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (submitted) setErrors((current) => ({ ...current, [field]: checks[field](value) ?? undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = {
      phone: checks.phone(values.phone) ?? undefined,
      password: checks.password(values.password) ?? undefined,
    };
    setErrors(found);
    const firstInvalid = (['phone', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      (firstInvalid === 'phone' ? phoneInput : passwordInput).current?.focus();
      return;
    }
    try {
      await login.submit({ phone: normalizePhone(values.phone), password: values.password });
      showToast(t('auth.loginSuccess'));
    } catch (error) {
      // A wrong password is also said at the field, where the investor looks to correct it.
      if (error instanceof RequestError && error.errorCode === 'INVALID_CREDENTIALS') {
        setErrors((current) => ({ ...current, password: 'errors.INVALID_CREDENTIALS' }));
        passwordInput.current?.focus();
      }
      onFailure(error);
    }
  };

  return (
    <Page title={t('auth.loginTitle')} back={false} right={<LanguageShortcut />} className="auth-page">
      <AuthBrand subtitle={t('auth.loginSubtitle')} />
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          id="login-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          hint={t('auth.phonePlaceholder')}
          error={errors.phone && t(errors.phone)}
          ref={phoneInput}
          name="phone"
          value={values.phone}
          onChange={change('phone')}
        />
        <TextField
          id="login-password"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          error={errors.password && t(errors.password)}
          ref={passwordInput}
          name="password"
          value={values.password}
          onChange={change('password')}
        />
        <div className="form-links form-links-end">
          <Link to={paths.forgotPassword.getHref()}>{t('auth.forgotPassword')}</Link>
        </div>
        <Button type="submit" color="primary" size="large" block loading={login.isPending}>
          {t('auth.login')}
        </Button>
      </form>
      <p className="form-footer">
        {t('auth.noAccount')} <Link to={paths.register.getHref()}>{t('auth.registerNow')}</Link>
      </p>
    </Page>
  );
}
