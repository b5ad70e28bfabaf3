import { Button, Checkbox } from 'antd-mobile';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAgreementConsent } from '../../../lib/agreement-consent';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { useRegister } from '../api/register';
import { AuthBrand } from '../components/auth-brand';
import { LanguageShortcut } from '../components/language-shortcut';
import { clearRegisterDraft, readRegisterDraft, saveRegisterDraft, type RegisterDraft } from '../register-draft';
import { useFieldError } from '../use-field-error';
import { normalizePhone, validateConfirmation, validateNewPassword, validatePhone } from '../validation';

interface RegisterForm extends RegisterDraft {
  agree: boolean;
}

/**
 * Registration with an invitation code. The checks mirror the server's: required fields, an E.164
 * phone number, the password policy, matching passwords and the accepted agreement.
 */
export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const onFailure = useSubmitFailure();
  const registerMutation = useRegister();
  const { accepted, setAccepted } = useAgreementConsent();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RegisterForm>({ defaultValues: { ...readRegisterDraft(), agree: accepted } });

  // Keep what was typed while the user reads the agreement (this screen unmounts meanwhile).
  const saveDraft = () => {
    const { agree: _agree, ...draft } = getValues();
    saveRegisterDraft(draft);
  };

  const onSubmit = handleSubmit(async ({ phone, password, confirmPassword, inviteCode, agree }) => {
    const normalizedPhone = normalizePhone(phone);
    try {
      await registerMutation.mutateAsync({
        phone: normalizedPhone,
        password,
        confirmPassword,
        inviteCode: inviteCode.trim(),
        agree,
      });
    } catch (error) {
      onFailure(error);
      return;
    }
    clearRegisterDraft();
    setAccepted(false);
    showToast(t('auth.registerSuccess'));
    // Signed in by the registration: home, where the getting-started checklist waits.
    void navigate(paths.root.getHref(), { replace: true });
  });

  return (
    <Page title={t('auth.registerTitle')} right={<LanguageShortcut />} className="auth-page">
      <AuthBrand subtitle={t('app.tagline')} />
      <form className="form" noValidate onSubmit={onSubmit} onChange={saveDraft}>
        <TextField
          id="register-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('auth.phonePlaceholder')}
          error={fieldError(errors.phone)}
          {...register('phone', { validate: validatePhone })}
        />
        <NewPasswordFields
          idPrefix="register"
          labelKey="auth.password"
          password={register('password', { validate: validateNewPassword, deps: ['confirmPassword'] })}
          confirmation={register('confirmPassword', {
            validate: (value, form) => validateConfirmation(value, form.password),
          })}
          passwordError={fieldError(errors.password)}
          confirmationError={fieldError(errors.confirmPassword)}
        />
        <TextField
          id="register-invite-code"
          label={t('auth.inviteCode')}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t('auth.inviteCodePlaceholder')}
          error={fieldError(errors.inviteCode)}
          {...register('inviteCode', {
            validate: (value) => value.trim() !== '' || 'auth.validation.inviteRequired',
          })}
        />
        <Controller
          control={control}
          name="agree"
          rules={{ validate: (value) => value || 'auth.validation.agreementRequired' }}
          render={({ field, fieldState }) => (
            <div className="agreement-field">
              <div className="agreement-field-row">
                <Checkbox
                  id="register-agree"
                  checked={field.value}
                  onChange={(checked) => {
                    field.onChange(checked);
                    setAccepted(checked);
                  }}
                >
                  {t('auth.agreePrefix')}
                </Checkbox>{' '}
                <Link to={paths.agreement.getHref()}>{t('auth.agreementLink')}</Link>
              </div>
              {fieldState.error && (
                <p className="text-field-error" role="alert">
                  {fieldError(fieldState.error)}
                </p>
              )}
            </div>
          )}
        />
        <Button type="submit" color="primary" size="large" block loading={registerMutation.isPending}>
          {t('auth.register')}
        </Button>
      </form>
      <p className="form-footer">
        {t('auth.haveAccount')} <Link to={paths.login.getHref()}>{t('auth.loginNow')}</Link>
      </p>
    </Page>
  );
}
