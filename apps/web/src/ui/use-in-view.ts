import { useEffect, useState } from 'react';

/** Without IntersectionObserver, position checks run on scroll and resize at most this often (product spec §9). */
export const VIEW_CHECK_THROTTLE_MS = 200;

export interface InViewOptions {
  /** How far outside the viewport an element already counts as in view, in pixels. */
  marginPx?: number;
  /** Stop watching once the element has been in view (for one-off work such as loading an image). */
  once?: boolean;
}

function isNearViewport(element: Element, marginPx: number): boolean {
  const rect = element.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  const width = window.innerWidth || document.documentElement.clientWidth;
  return (
    rect.top <= height + marginPx &&
    rect.bottom >= -marginPx &&
    rect.left <= width + marginPx &&
    rect.right >= -marginPx
  );
}

/** Runs `fn` at most once per `waitMs`, the last call of a burst included. */
function throttle(fn: () => void, waitMs: number): { run: () => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run: () => {
      const now = Date.now();
      const wait = last + waitMs - now;
      if (wait <= 0) {
        last = now;
        fn();
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          last = Date.now();
          fn();
        }, wait);
      }
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * Whether an element is on screen (or within `marginPx` of it). Elements in a hidden kept-alive tab
 * are not in view. Returns a ref callback for the element and the current state.
 */
export function useInView<T extends Element>({ marginPx = 0, once = false }: InViewOptions = {}): [
  (node: T | null) => void,
  boolean,
] {
  const [node, setNode] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const done = once && inView;

  useEffect(() => {
    if (!node || done) return;
    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1];
          if (entry) setInView(entry.isIntersecting);
        },
        { rootMargin: `${marginPx}px` },
      );
      observer.observe(node);
      return () => observer.disconnect();
    }
    // Older browsers (and test DOMs): look again whenever anything scrolls or the window resizes.
    const check = throttle(() => setInView(isNearViewport(node, marginPx)), VIEW_CHECK_THROTTLE_MS);
    const first = setTimeout(check.run, 0);
    window.addEventListener('scroll', check.run, { capture: true, passive: true });
    window.addEventListener('resize', check.run, { passive: true });
    return () => {
      clearTimeout(first);
      check.cancel();
      window.removeEventListener('scroll', check.run, { capture: true });
      window.removeEventListener('resize', check.run);
    };
  }, [node, marginPx, done]);

  return [setNode, inView];
}
