import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
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
import { useFieldError } from '../use-field-error';
import { normalizePhone } from '../validation';

/** What other screens may hand to the login screen: the interrupted route, a phone to prefill. */
export interface LoginLocationState extends LoginRedirectState {
  phone?: string;
}

interface LoginForm {
  phone: string;
  password: string;
}

/**
 * Login: phone and password, encrypted to the server's key. On success the session starts and the
 * guard moves on to the interrupted route (or /).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as LoginLocationState | null;
  const fieldError = useFieldError();
  const onFailure = useSubmitFailure();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({ defaultValues: { phone: state?.phone ?? '', password: '' } });

  const onSubmit = handleSubmit(async ({ phone, password }) => {
    try {
      await loginMutation.mutateAsync({ phone: normalizePhone(phone), password });
      showToast(t('auth.loginSuccess'));
    } catch (error) {
      // A wrong password is also said at the field, where the investor looks to correct it.
      if (error instanceof RequestError && error.errorCode === 'INVALID_CREDENTIALS') {
        setError('password', { message: 'errors.INVALID_CREDENTIALS' }, { shouldFocus: true });
      }
      onFailure(error);
    }
  });

  return (
    <Page title={t('auth.loginTitle')} back={false} right={<LanguageShortcut />} className="auth-page">
      <AuthBrand subtitle={t('auth.loginSubtitle')} />
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id="login-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          hint={t('auth.phonePlaceholder')}
          error={fieldError(errors.phone)}
          {...register('phone', { validate: (value) => value.trim() !== '' || 'auth.validation.usernameRequired' })}
        />
        <TextField
          id="login-password"
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          error={fieldError(errors.password)}
          {...register('password', { validate: (value) => value !== '' || 'auth.validation.passwordRequired' })}
        />
        <div className="form-links form-links-end">
          <Link to={paths.forgotPassword.getHref()}>{t('auth.forgotPassword')}</Link>
        </div>
        <Button type="submit" color="primary" size="large" block loading={loginMutation.isPending}>
          {t('auth.login')}
        </Button>
      </form>
      <p className="form-footer">
        {t('auth.noAccount')} <Link to={paths.register.getHref()}>{t('auth.registerNow')}</Link>
      </p>
    </Page>
  );
}
