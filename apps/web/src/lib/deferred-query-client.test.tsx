import { act, fireEvent, render, screen } from '@testing-library/react';
import { useContext, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

/**
 * A fresh copy of the module (no client handed over yet) and the React Query it is bundled with. The
 * registry reset reaches the test set-up's modules too: one test in this file.
 */
async function freshModules() {
  vi.resetModules();
  const [reactQuery, deferred] = await Promise.all([
    import('@tanstack/react-query'),
    import('./deferred-query-client'),
  ]);
  return { ...reactQuery, ...deferred };
}

describe('the deferred query client', () => {
  it('reaches the screen already shown when it arrives, without remounting it, and is mounted then', async () => {
    const { DeferredQueryClientProvider, QueryClient, QueryClientContext, loadedQueryClient, provideQueryClient } =
      await freshModules();
    function Probe() {
      const client = useContext(QueryClientContext);
      const [typed, setTyped] = useState('');
      return (
        <>
          <input aria-label="phone" value={typed} onChange={(event) => setTyped(event.target.value)} />
          <output>{client ? 'client' : 'no client'}</output>
        </>
      );
    }
    const view = render(
      <DeferredQueryClientProvider>
        <Probe />
      </DeferredQueryClientProvider>,
    );
    expect(loadedQueryClient()).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('no client');
    fireEvent.change(screen.getByLabelText('phone'), { target: { value: '+4915123456789' } });

    const client = new QueryClient();
    const mount = vi.spyOn(client, 'mount');
    const unmount = vi.spyOn(client, 'unmount');
    act(() => provideQueryClient(client));

    expect(loadedQueryClient()).toBe(client);
    expect(screen.getByRole('status')).toHaveTextContent('client');
    // The same input element: what was typed before the client came is still there.
    expect(screen.getByLabelText('phone')).toHaveValue('+4915123456789');
    expect(mount).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(unmount).toHaveBeenCalledTimes(1);
  });
});
