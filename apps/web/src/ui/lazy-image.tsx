import { useEffect, useState, type ReactNode } from 'react';
import { LIST_PRELOAD_OFFSET_PX } from './refresh-list';
import { useInView } from './use-in-view';

/** Product spec §9: an image is tried up to 3 times; 200 loaded addresses are remembered. */
export const LAZY_IMAGE_ATTEMPTS = 3;
export const LAZY_IMAGE_CACHE_SIZE = 200;
/** Pause before trying again, growing with each failed attempt. */
export const LAZY_IMAGE_RETRY_DELAY_MS = 200;

/** Addresses that loaded, most recent last: shown at once when an image mounts again. */
const loaded = new Map<string, true>();

function remember(src: string): void {
  loaded.delete(src);
  loaded.set(src, true);
  while (loaded.size > LAZY_IMAGE_CACHE_SIZE) {
    const oldest = loaded.keys().next().value;
    if (oldest === undefined) break;
    loaded.delete(oldest);
  }
}

/** Whether an address is in the loaded-image cache (tests, and callers that want to skip a placeholder). */
export function isImageCached(src: string): boolean {
  return loaded.has(src);
}

/** Empties the loaded-image cache (tests). */
export function clearImageCache(): void {
  loaded.clear();
}

type Status = 'waiting' | 'loaded' | 'failed';

export interface LazyImageProps {
  src: string;
  /** The text alternative; empty for a decorative image. */
  alt: string;
  width?: number;
  height?: number;
  className?: string;
  /** Shown until the image has loaded, and instead of it when every attempt failed. */
  placeholder?: ReactNode;
}

/**
 * An image that loads when it comes near the screen (LIST_PRELOAD_OFFSET_PX ahead), retries a
 * failed load up to LAZY_IMAGE_ATTEMPTS attempts in all, and keeps its placeholder if none succeeds.
 */
export function LazyImage(props: LazyImageProps) {
  // A new address starts over.
  return <LazyImageLoader key={props.src} {...props} />;
}

function LazyImageLoader({ src, alt, width, height, className, placeholder }: LazyImageProps) {
  const [ref, inView] = useInView<HTMLSpanElement>({ marginPx: LIST_PRELOAD_OFFSET_PX, once: true });
  const [status, setStatus] = useState<Status>(() => (isImageCached(src) ? 'loaded' : 'waiting'));
  const loading = inView && status === 'waiting';

  useEffect(() => {
    if (!loading) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let probe: HTMLImageElement | undefined;
    const attempt = (number: number) => {
      probe = new Image();
      probe.onload = () => {
        if (cancelled) return;
        remember(src);
        setStatus('loaded');
      };
      probe.onerror = () => {
        if (cancelled) return;
        if (number >= LAZY_IMAGE_ATTEMPTS) setStatus('failed');
        else timer = setTimeout(() => attempt(number + 1), LAZY_IMAGE_RETRY_DELAY_MS * number);
      };
      probe.src = src;
    };
    attempt(1);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (probe) {
        probe.onload = null;
        probe.onerror = null;
      }
    };
  }, [loading, src]);

  const classes = ['lazy-image', className].filter(Boolean).join(' ');
  return (
    <span ref={ref} className={classes} style={{ width, height }} data-status={loading ? 'loading' : status}>
      {status === 'loaded' ? (
        <img src={src} alt={alt} width={width} height={height} decoding="async" />
      ) : (
        <span className="lazy-image-placeholder" role={alt ? 'img' : undefined} aria-label={alt || undefined}>
          {placeholder}
        </span>
      )}
    </span>
  );
}
