import Cookies from 'js-cookie';
import { useAgreementConsent } from '../app/agreement-consent';
import { applyLanguage } from '../app/i18n';
import { queryClient } from '../app/query-client';
import { resetDuplicateGuard } from '../app/request';
import { readInitialSession, useSessionStore } from '../app/session-store';
import { replaceSharedStream } from '../app/stream';
import { clearRegisterDraft } from '../features/auth/register-draft';

/** A fresh page load for each test: English, logged out, nothing cached. */
export function resetTestState(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.setItem('lang', 'en');
  useSessionStore.setState(readInitialSession());
  useAgreementConsent.setState({ accepted: false });
  clearRegisterDraft();
  applyLanguage('en');
  queryClient.clear();
  resetDuplicateGuard();
  // No live-stream socket or reconnect timer survives into the next test.
  replaceSharedStream(null);
  window.location.hash = '';
}
