import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { failure, json, mockFetch, ok } from '../../../test/fetch-mock';
import { sampleOverview } from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** The status and value shown for one check. */
const check = (name: string) => {
  const row = screen.getByText(name).closest('li') as HTMLElement;
  const [, status, value] = Array.from(row.children).map((child) => child.textContent);
  return { status, value };
};

const health = { status: 'ok', db: 'sqlite', version: '1.4.2' };

describe('connection and device check (/test)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs each check for real: API round trip, clock offset, one live quote, language, version, storage', async () => {
    logIn();
    vi.stubGlobal('navigator', {
      ...navigator,
      storage: { estimate: () => Promise.resolve({ usage: 5 * 1_048_576, quota: 105 * 1_048_576 }) },
    });
    const stream = installFakeStream();
    // The server's clock is 3 s ahead of the device's.
    const serverTime = () => String(Date.now() + 3000);
    mockFetch({
      'GET /api/health': () => {
        const response = json({ code: 1, msg: 'ok', data: health });
        response.headers.set('x-server-time', serverTime());
        return response;
      },
      'GET /api/market/overview': () => ok(sampleOverview),
    });
    renderApp('/test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connection test' })).toBeInTheDocument();
    expect(check('Live prices').status).toBe('running');
    await waitFor(() => expect(check('Server reachable').status).toBe('OK'));
    expect(check('Server reachable').value).toMatch(/^answered in \d+ ms$/);
    expect(check('Device clock')).toMatchObject({ status: 'OK' });
    expect(check('Device clock').value).toMatch(/^off the server time by (2\.90|3\.00|3\.10) s$/);
    expect(check('Language')).toMatchObject({ status: 'OK', value: 'English (en)' });
    expect(check('App version')).toMatchObject({ status: 'OK', value: '1.4.2' });
    await waitFor(() => expect(check('Storage').status).toBe('OK'));
    expect(check('Storage').value).toBe('100 MB free, 5 MB used');

    // The stream check waits for a quote of the overview's first stock.
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:600519'));
    expect(screen.getByRole('button', { name: 'Run again' })).toBeDisabled();
    stream.quote({ code: '600519', last: '1451.00' }, true);
    await waitFor(() => expect(check('Live prices').status).toBe('OK'));
    expect(check('Live prices').value).toMatch(/^600519 1,451\.00 after \d+ ms$/);
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled();
    stream.close();
  });

  it('shows failures: the server unreachable, no quote in time; run again repeats the checks', async () => {
    logIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = installFakeStream();
    let healthy = false;
    const { sent } = mockFetch({
      'GET /api/health': () => (healthy ? ok(health) : failure(503, 'SERVICE_UNAVAILABLE', 'database unreachable')),
      'GET /api/market/overview': () => ok(sampleOverview),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderApp('/test');
    await waitFor(() => expect(check('Server reachable').status).toBe('failed'));
    expect(check('Server reachable').value).toBe('server not reachable');
    expect(check('Device clock').status).toBe('failed');
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:600519'));
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(check('Live prices')).toMatchObject({ status: 'failed', value: 'no price received' }));

    healthy = true;
    const before = sent.filter((request) => request.url.startsWith('/api/health')).length;
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(check('Server reachable').status).toBe('OK'));
    expect(sent.filter((request) => request.url.startsWith('/api/health')).length).toBe(before + 1);
    vi.useRealTimers();
    stream.close();
  });
});
