import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { LANGUAGES } from '@bourse/shared/languages';
import { loadLanguage } from '../lib/i18n';

/**
 * In this environment the global Uint8Array is jsdom's, while TextEncoder (Node's) returns Node's
 * byte arrays, so `bytes instanceof Uint8Array` fails and jose refuses to encrypt. A browser has
 * one realm; an encoder returning the global Uint8Array restores that.
 */
class SameRealmTextEncoder extends NodeTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
globalThis.TextEncoder = SameRealmTextEncoder;

// A lazy screen's chunk may take more than the default second to load on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// Tests read English; the default (German) is covered by the language tests themselves.
localStorage.setItem('lang', 'en');
// The app fetches one catalog chunk per language when needed (lib/i18n.ts); tests switch languages
// synchronously (applyLanguage), so every catalog is in memory from the start.
await Promise.all(LANGUAGES.map((lang) => loadLanguage(lang)));
// As in main.tsx after the first paint: antd-mobile's render adapter, no animations (dialogs usable at
// once), its texts following the language.
await import('../lib/antd-setup');

beforeEach(async () => {
  const { resetTestState } = await import('./reset');
  resetTestState();
});

afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  // Nothing of the test may act after it: no stream socket or reconnect timer, no query in flight.
  const [{ replaceSharedStream }, { queryClient }] = await Promise.all([
    import('../lib/stream'),
    import('../lib/query-client'),
  ]);
  replaceSharedStream(null);
  queryClient.clear();
  // Toasts live outside the tested tree; wait until they are gone so the next test starts clean.
  Toast.clear();
  await waitFor(() => {
    if (document.querySelector('.adm-toast-mask')) throw new Error('a toast is still open');
  });
});

// React finishes work it scheduled before an unmount (a lazy screen arriving, a query settling) on
// later turns of the event loop; let it run while the environment still has a window, or it throws
// "window is not defined" after the file's last test.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
});
