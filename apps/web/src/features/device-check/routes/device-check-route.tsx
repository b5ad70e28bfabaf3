import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session-store';
import { Page } from '../../../ui/page';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { awaitQuote, clockOffset, measureApi, storageEstimate } from '../run-checks';

type CheckKey = 'api' | 'clock' | 'stream' | 'language' | 'version' | 'storage';
type CheckState = { status: 'running' } | { status: 'ok' | 'failed' | 'unsupported'; value: string };

const CHECKS: readonly CheckKey[] = ['api', 'clock', 'stream', 'language', 'version', 'storage'];
const RUNNING: Record<CheckKey, CheckState> = {
  api: { status: 'running' },
  clock: { status: 'running' },
  stream: { status: 'running' },
  language: { status: 'running' },
  version: { status: 'running' },
  storage: { status: 'running' },
};

/** Bytes in megabytes, whole. */
const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * /test: a connection and device check. Each check really runs — the API's round trip, the device
 * clock against the server's, one quote over the live stream, the language, the app's version and
 * the storage the browser grants — and shows running, ok or failed with what it found.
 */
export function DeviceCheckRoute() {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const language = useSessionStore((state) => state.language);
  const version = useSessionStore((state) => state.config?.version ?? null);
  const [results, setResults] = useState<Record<CheckKey, CheckState>>(RUNNING);
  const run = useRef(0);

  const runChecks = useCallback(() => {
    const current = ++run.current;
    const set = (key: CheckKey, state: CheckState) => {
      if (run.current === current) setResults((previous) => ({ ...previous, [key]: state }));
    };
    setResults(RUNNING);
    set('language', { status: 'ok', value: `${LANGUAGE_NAMES[language]} (${language})` });
    set('version', version ? { status: 'ok', value: version } : { status: 'failed', value: t('deviceTest.noVersion') });
    measureApi().then(
      (ms) => {
        set('api', { status: 'ok', value: t('deviceTest.milliseconds', { value: format.count(ms) }) });
        const clock = clockOffset();
        const seconds = format.decimal((clock.offsetMs / 1000).toFixed(1));
        set('clock', {
          status: clock.ok ? 'ok' : 'failed',
          value: t('deviceTest.offset', { value: seconds }),
        });
      },
      () => {
        set('api', { status: 'failed', value: t('deviceTest.unreachable') });
        set('clock', { status: 'failed', value: t('deviceTest.unreachable') });
      },
    );
    const startedAt = performance.now();
    awaitQuote().then(
      (quote) =>
        set('stream', {
          status: 'ok',
          value: t('deviceTest.quote', {
            code: quote.code,
            last: format.decimal(quote.last),
            ms: format.count(Math.round(performance.now() - startedAt)),
          }),
        }),
      () => set('stream', { status: 'failed', value: t('deviceTest.noQuote') }),
    );
    storageEstimate().then(
      (estimate) =>
        set(
          'storage',
          estimate
            ? {
                status: 'ok',
                value: t('deviceTest.storageValue', {
                  free: format.count(megabytes(Math.max(0, estimate.quota - estimate.usage))),
                  used: format.count(megabytes(estimate.usage)),
                }),
              }
            : { status: 'unsupported', value: t('deviceTest.storageUnknown') },
        ),
      () => set('storage', { status: 'failed', value: t('deviceTest.storageUnknown') }),
    );
  }, [format, language, t, version]);

  // Runs once on opening; "run again" repeats it (a later run's answers replace an earlier one's).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    runChecks();
  }, [runChecks]);

  const running = CHECKS.some((key) => results[key].status === 'running');
  return (
    <Page title={t('deviceTest.title')}>
      <p className="page-caption">{t('deviceTest.intro')}</p>
      <ul className="device-checks" aria-busy={running}>
        {CHECKS.map((key) => {
          const result = results[key];
          return (
            <li key={key} className="device-check" data-check={key}>
              <span className="device-check-name">{t(`deviceTest.${key}`)}</span>
              <span className={`device-check-status device-check-${result.status}`}>
                {t(`deviceTest.status.${result.status}`)}
              </span>
              <span className="device-check-value">{'value' in result ? result.value : '…'}</span>
            </li>
          );
        })}
      </ul>
      <Button block color="primary" disabled={running} onClick={runChecks}>
        {t('deviceTest.runAgain')}
      </Button>
    </Page>
  );
}
