import { Component, Suspense, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterContentShown, afterNextPaint, lazyRoute, whenFirstScreenShown } from './lazy-route';

function Screen() {
  return <p>loaded screen</p>;
}

describe('lazyRoute', () => {
  // First in the file: the signal is given once per page load.
  it('signals when the first lazy screen is on screen, not while it is still loading', async () => {
    let shown = false;
    void whenFirstScreenShown().then(() => (shown = true));
    let finishLoading: (module: { default: typeof Screen }) => void = () => undefined;
    const Route = lazyRoute(() => new Promise<{ default: typeof Screen }>((resolve) => (finishLoading = resolve)), {
      firstScreen: true,
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Route />
      </Suspense>,
    );
    await screen.findByText('loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown).toBe(false);
    finishLoading({ default: Screen });
    expect(await screen.findByText('loaded screen')).toBeInTheDocument();
    await waitFor(() => expect(shown).toBe(true));
  });

  it('preload() starts the import before the screen renders, and the render takes that import', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Route = lazyRoute(load, { firstScreen: true });
    Route.preload();
    Route.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Route />
      </Suspense>,
    );
    expect(await screen.findByText('loaded screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is reported by the render, not as an unhandled rejection', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const Route = lazyRoute(load, { firstScreen: true });
    Route.preload();
    await Promise.resolve();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p>failed</p> : this.props.children;
      }
    }
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Route />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('afterNextPaint waits for the frame after the next one, then a task after it (or the fallback when no frame comes)', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      let painted = false;
      void afterNextPaint().then(() => (painted = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(painted).toBe(false);
      frames.shift()!(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(painted).toBe(false);
      frames.shift()!(performance.now());
      expect(painted).toBe(false);
      await waitFor(() => expect(painted).toBe(true));

      // One frame: the task queued in the frame's own callbacks, after its paint.
      let once = false;
      void afterNextPaint(1_000, 1).then(() => (once = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(once).toBe(false);
      frames.shift()!(performance.now());
      expect(once).toBe(false);
      await waitFor(() => expect(once).toBe(true));
      expect(frames).toHaveLength(0);

      let hidden = false;
      void afterNextPaint(30).then(() => (hidden = true));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(hidden).toBe(false);
      await waitFor(() => expect(hidden).toBe(true));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('afterContentShown waits for a largest contentful paint at or after the commit (or the fallback)', async () => {
    const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      private readonly record: { callback: PerformanceObserverCallback; disconnected: boolean };
      constructor(callback: PerformanceObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    }
    const report = (startTime: number) =>
      observers
        .at(-1)!
        .callback(
          { getEntries: () => [{ startTime }] } as unknown as PerformanceObserverEntryList,
          {} as PerformanceObserver,
        );
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      let shown = false;
      void afterContentShown(500).then(() => (shown = true));
      report(400);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(shown).toBe(false);
      report(520);
      await waitFor(() => expect(shown).toBe(true));
      expect(observers.at(-1)!.disconnected).toBe(true);

      let fallback = false;
      void afterContentShown(500, 30).then(() => (fallback = true));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(fallback).toBe(false);
      await waitFor(() => expect(fallback).toBe(true));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
