import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initLanguage } from '../lib/i18n.ts';

// The first render of a file pays for antd's style generation, which on a loaded 2-core machine (CI
// beside other suites) has taken more than 5 s; the wait is a bound, not a delay.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; antd's responsive helpers read it. A desktop viewport matches nothing.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom has no layout engine, hence no ResizeObserver; nothing ever resizes here, so none fires.
class NoResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver;

// jsdom computes a style by matching every CSS rule in the document against the element and its
// ancestors. With antd's CSS-in-JS that costs close to a second per call, and Testing Library calls
// it for every element a role query looks at. Tests therefore see inline styles only: visibility
// comes from inline `display`/`visibility`, the `hidden` attribute and `aria-hidden`, which is how
// antd hides what it unmounts-but-keeps (and what the queries below rely on).
const emptyStyle = document.createElement('div').style;
window.getComputedStyle = (element: Element) =>
  element instanceof HTMLElement || element instanceof SVGElement ? element.style : emptyStyle;

// As main.tsx does: the stored language's catalog (German by default) before anything renders.
beforeAll(() => initLanguage());

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.location.hash = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
