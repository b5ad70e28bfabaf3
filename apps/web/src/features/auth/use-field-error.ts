import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@bourse/shared/i18n/types';

/** Translates a field's validation message, which the rules store as a catalog key. */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => (error?.message ? t(error.message as MessageKey) : undefined);
}
