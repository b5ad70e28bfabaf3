import Cookies from 'js-cookie';
import { useAgreementConsent } from '../lib/agreement-consent';
import { useColorConventionStore } from '../lib/color-convention';
import { applyLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { clearPrefetched } from '../lib/prefetch';
import { resetDuplicateGuard } from '../lib/request';
import { resetServerClock } from '../lib/server-clock';
import { readInitialSession, useSessionStore } from '../lib/session-store';
import { replaceSharedStream } from '../lib/stream';
import { clearRegisterDraft } from '../features/auth/register-draft';

/** A fresh page load for each test: English, logged out, nothing cached. */
export function resetTestState(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.setItem('lang', 'en');
  useSessionStore.setState(readInitialSession());
  useAgreementConsent.setState({ accepted: false });
  useColorConventionStore.setState({ choice: null });
  delete document.documentElement.dataset['colorConvention'];
  clearRegisterDraft();
  applyLanguage('en');
  queryClient.clear();
  resetDuplicateGuard();
  clearPrefetched();
  resetServerClock();
  // No live-stream socket or reconnect timer survives into the next test.
  replaceSharedStream(null);
  window.location.hash = '';
}
