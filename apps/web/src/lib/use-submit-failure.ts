import { useTranslation } from 'react-i18next';
import { isUnnotifiedFailure } from './request-error';
import { showErrorToast } from './toast';

/**
 * Forms call this when a submission fails. The request client has already shown the server's
 * message where there was one; a silent failure (timeout, network) gets a generic one here, so a
 * tap on "Log in" never ends without feedback.
 */
export function useSubmitFailure(): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => {
    if (isUnnotifiedFailure(error)) showErrorToast(t('common.networkError'));
  };
}
