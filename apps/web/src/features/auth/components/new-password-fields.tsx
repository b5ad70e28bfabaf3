import { PASSWORD_MAX_LENGTH } from '@bourse/shared/schemas/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/text-field';

export interface NewPasswordFieldsProps {
  /** Prefix of the two input ids, unique on the page. */
  idPrefix: string;
  /** Catalog key of the first field's label: "Password" when registering, "New password" otherwise. */
  labelKey: 'auth.password' | 'auth.newPassword';
  /** The form's registration of the new password, with its rules. */
  password: UseFormRegisterReturn;
  /** The form's registration of the confirmation, with its rules. */
  confirmation: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmationError?: string | undefined;
}

/** A new password and its confirmation, with the policy shown as a hint. The form owns the rules. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${props.idPrefix}-password`}
        label={t(props.labelKey)}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={t('auth.passwordPlaceholder')}
        hint={t('auth.passwordRule')}
        error={props.passwordError}
        {...props.password}
      />
      <TextField
        id={`${props.idPrefix}-confirm-password`}
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={t('auth.confirmPasswordPlaceholder')}
        error={props.confirmationError}
        {...props.confirmation}
      />
    </>
  );
}
