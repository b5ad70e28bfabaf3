import type { ReactNode } from 'react';
import { useInView } from './use-in-view';

/** How far below the screen a deferred block is already rendered, so it is there before it scrolls in. */
export const RENDER_AHEAD_PX = 400;

/**
 * Renders `children` only once their place comes within RENDER_AHEAD_PX of the screen, and keeps them
 * from then on; until then an empty block of `minHeightPx` keeps their room, so nothing moves when they
 * come. For the parts of a long screen below its first screenful: React does not render them (nor their
 * queries' answers) while the first screen loads (docs/performance.md, "Lighthouse", 2026-11-28).
 */
export function RenderWhenNear({ minHeightPx, children }: { minHeightPx: number; children: ReactNode }) {
  const [ref, near] = useInView<HTMLDivElement>({ marginPx: RENDER_AHEAD_PX, once: true });
  if (near) return children;
  return <div ref={ref} className="render-when-near" style={{ minHeight: minHeightPx }} aria-hidden="true" />;
}
