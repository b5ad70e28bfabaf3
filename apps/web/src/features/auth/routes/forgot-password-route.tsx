import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { useResetPassword } from '../api/reset-password';
import { useSendResetCode } from '../api/send-reset-code';
import { useCountdown } from '../use-countdown';
import { useFieldError } from '../use-field-error';
import {
  normalizePhone,
  validateConfirmation,
  validateNewPassword,
  validatePhone,
  validateResetCode,
} from '../validation';
import type { LoginLocationState } from './login-route';

/** How long the user waits before another code may be sent. */
export const RESEND_DELAY_SECONDS = 60;

interface ForgotPasswordForm {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Password reset: a code sent to the phone, then a new password; afterwards the user logs in again. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const onFailure = useSubmitFailure();
  const sendCode = useSendResetCode();
  const resetPassword = useResetPassword();
  const countdown = useCountdown();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({ defaultValues: { phone: '', code: '', password: '', confirmPassword: '' } });

  const onSendCode = async () => {
    if (!(await trigger('phone'))) return;
    try {
      await sendCode.mutateAsync(normalizePhone(getValues('phone')));
    } catch (error) {
      onFailure(error);
      return;
    }
    countdown.start(RESEND_DELAY_SECONDS);
    showToast(t('auth.codeSent'));
  };

  const onSubmit = handleSubmit(async ({ phone, code, password, confirmPassword }) => {
    const normalizedPhone = normalizePhone(phone);
    try {
      await resetPassword.mutateAsync({ phone: normalizedPhone, code: code.trim(), password, confirmPassword });
    } catch (error) {
      onFailure(error);
      return;
    }
    showToast(t('auth.resetSuccess'));
    const state: LoginLocationState = { phone: normalizedPhone };
    void navigate(paths.login.getHref(), { replace: true, state });
  });

  const sendLabel = countdown.remaining > 0 ? t('auth.resendIn', { seconds: countdown.remaining }) : t('auth.sendCode');

  return (
    <Page title={t('auth.forgotTitle')}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id="forgot-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          hint={t('auth.phonePlaceholder')}
          error={fieldError(errors.phone)}
          {...register('phone', { validate: validatePhone })}
        />
        <TextField
          id="forgot-code"
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('auth.codePlaceholder')}
          error={fieldError(errors.code)}
          addon={
            <Button
              className="text-field-addon"
              size="small"
              color="primary"
              fill="outline"
              disabled={countdown.remaining > 0}
              loading={sendCode.isPending}
              onClick={() => void onSendCode()}
            >
              {sendLabel}
            </Button>
          }
          {...register('code', { validate: validateResetCode })}
        />
        <NewPasswordFields
          idPrefix="forgot"
          labelKey="auth.newPassword"
          password={register('password', { validate: validateNewPassword, deps: ['confirmPassword'] })}
          confirmation={register('confirmPassword', {
            validate: (value, form) => validateConfirmation(value, form.password),
          })}
          passwordError={fieldError(errors.password)}
          confirmationError={fieldError(errors.confirmPassword)}
        />
        <Button type="submit" color="primary" size="large" block loading={resetPassword.isPending}>
          {t('auth.resetPassword')}
        </Button>
      </form>
    </Page>
  );
}
