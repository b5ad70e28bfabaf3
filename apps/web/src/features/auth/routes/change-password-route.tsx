import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH } from '@bourse/shared/schemas/auth';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { useChangePassword } from '../api/change-password';
import { useFieldError } from '../use-field-error';
import { validateConfirmation, validateNewPassword } from '../validation';

interface ChangePasswordForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * Change password. The route is open (product spec §2), but changing needs a session: without one
 * the screen offers login and the reset by code instead.
 */
export function ChangePasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const fieldError = useFieldError();
  const onFailure = useSubmitFailure();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ defaultValues: { oldPassword: '', password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
    } catch (error) {
      onFailure(error);
      return;
    }
    showToast(t('auth.changeSuccess'));
    void navigate(paths.login.getHref(), { replace: true });
  });

  if (!loggedIn) {
    return (
      <Page title={t('auth.changeTitle')}>
        <div className="notice-card">
          <p>{t('errors.UNAUTHORIZED')}</p>
          <Button color="primary" block onClick={() => void navigate(paths.login.getHref())}>
            {t('auth.login')}
          </Button>
          <p className="form-footer">
            <Link to={paths.forgotPassword.getHref()}>{t('auth.forgotPassword')}</Link>
          </p>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('auth.changeTitle')}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id="change-old-password"
          label={t('auth.oldPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          placeholder={t('auth.passwordPlaceholder')}
          error={fieldError(errors.oldPassword)}
          {...register('oldPassword', { validate: (value) => value !== '' || 'auth.validation.passwordRequired' })}
        />
        <NewPasswordFields
          idPrefix="change"
          labelKey="auth.newPassword"
          password={register('password', {
            validate: (value, form) => {
              const strength = validateNewPassword(value);
              if (strength !== true) return strength;
              return value !== form.oldPassword || 'errors.SAME_PASSWORD';
            },
            deps: ['confirmPassword'],
          })}
          confirmation={register('confirmPassword', {
            validate: (value, form) => validateConfirmation(value, form.password),
          })}
          passwordError={fieldError(errors.password)}
          confirmationError={fieldError(errors.confirmPassword)}
        />
        <Button type="submit" color="primary" size="large" block loading={changePassword.isPending}>
          {t('auth.changePassword')}
        </Button>
      </form>
    </Page>
  );
}
