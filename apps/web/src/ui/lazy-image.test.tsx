import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAZY_IMAGE_ATTEMPTS, LAZY_IMAGE_CACHE_SIZE, LazyImage, clearImageCache, isImageCached } from './lazy-image';

/**
 * jsdom does not load images; this stand-in answers each load from a script: for every address,
 * how many attempts fail before one succeeds (Infinity: never).
 */
let failuresBefore: Record<string, number> = {};
const attempts: string[] = [];

class ScriptedImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(value: string) {
    attempts.push(value);
    const failed = attempts.filter((src) => src === value).length <= (failuresBefore[value] ?? 0);
    queueMicrotask(() => (failed ? this.onerror?.() : this.onload?.()));
  }
}

beforeEach(() => {
  failuresBefore = {};
  attempts.length = 0;
  clearImageCache();
  vi.stubGlobal('Image', ScriptedImage);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Lets the visibility check, the scripted loads and the retry pauses run. */
async function settle() {
  for (let index = 0; index < 10; index++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
  }
}

describe('LazyImage', () => {
  it('tries a failing image again, up to 3 attempts in all, and shows it when one succeeds', async () => {
    failuresBefore = { '/logo.png': 2 };
    render(<LazyImage src="/logo.png" alt="SAP logo" width={36} height={36} placeholder="SA" />);
    expect(screen.getByRole('img', { name: 'SAP logo' })).toHaveTextContent('SA');

    await settle();
    expect(attempts).toEqual(['/logo.png', '/logo.png', '/logo.png']);
    const image = screen.getByRole('img', { name: 'SAP logo' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/logo.png');
    expect(isImageCached('/logo.png')).toBe(true);
  });

  it('gives up after the third failed attempt and keeps the placeholder', async () => {
    failuresBefore = { '/broken.png': Infinity };
    render(<LazyImage src="/broken.png" alt="Broken" placeholder="BR" />);
    await settle();
    expect(attempts).toHaveLength(LAZY_IMAGE_ATTEMPTS);
    expect(screen.getByRole('img', { name: 'Broken' }).tagName).toBe('SPAN');
    expect(screen.getByText('BR').closest('.lazy-image')).toHaveAttribute('data-status', 'failed');
  });

  it('shows a loaded image at once when it appears again, and remembers 200 addresses at most', async () => {
    const { unmount } = render(<LazyImage src="/a.png" alt="A" />);
    await settle();
    unmount();
    render(<LazyImage src="/a.png" alt="A" />);
    // No placeholder, no new request: straight from the cache.
    expect(screen.getByRole('img', { name: 'A' }).tagName).toBe('IMG');
    expect(attempts).toEqual(['/a.png']);

    for (let index = 0; index < LAZY_IMAGE_CACHE_SIZE; index++) {
      const { unmount: done } = render(<LazyImage src={`/n${index}.png`} alt="" />);
      await settle();
      done();
    }
    expect(isImageCached('/a.png')).toBe(false);
    expect(isImageCached('/n0.png')).toBe(true);
    expect(isImageCached(`/n${LAZY_IMAGE_CACHE_SIZE - 1}.png`)).toBe(true);
  });

  it('does not load before it comes near the screen, then loads when scrolled to', async () => {
    // Far below the viewport (and beyond the 300 px preload margin).
    const at = (top: number) => ({
      top,
      bottom: top + 36,
      left: 0,
      right: 36,
      width: 36,
      height: 36,
      x: 0,
      y: top,
      toJSON: () => ({}),
    });
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(at(5_000));
    const { container } = render(<LazyImage src="/later.png" alt="Later" />);
    await settle();
    expect(attempts).toEqual([]);
    expect(container.querySelector('.lazy-image')).toHaveAttribute('data-status', 'waiting');

    // Scrolled to within 300 px of the viewport: the (throttled) check starts the load.
    rect.mockReturnValue(at(window.innerHeight + 250));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await settle();
    expect(attempts).toEqual(['/later.png']);
    expect(screen.getByRole('img', { name: 'Later' }).tagName).toBe('IMG');
  });
});
