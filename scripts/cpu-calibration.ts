/**
 * The CPU slowdown Lighthouse's simulation should apply on this host, from the host's benchmarkIndex.
 *
 * Lighthouse's mobile preset multiplies every main-thread task it observed by a fixed 4, which turns a
 * high-end desktop (benchmarkIndex 1,500–2,000) into a mid-tier phone; on any other host the same 4 is
 * another phone: on a host of index 1,100 (the 2-core machines here, some days) every task comes out
 * some 40 % longer than on the phone the preset means, on one of 2,750 (other days) some 45 % shorter.
 * Lighthouse's documentation ("CPU throttling", docs/throttling.md in its repository) says to calibrate
 * the multiplier to the host and points to its maintainers' calculator, whose anchor points are these:
 * index 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4× (the preset's host), linear between them and, above
 * 1,300, on at the same slope (2,000 → 6×).
 * With it a score means the same simulated phone on every host, so a budget can be a CI gate: a fast
 * host is slowed more than the preset does, a slow one less.
 */
const ANCHORS: readonly [index: number, multiplier: number][] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

/** The slowdown for a host of `benchmarkIndex`; at least 1 (a host slower than the phone is not sped up). */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`benchmarkIndex must be a positive number, not ${benchmarkIndex}`);
  const [first] = ANCHORS;
  if (benchmarkIndex <= first![0]) return 1;
  for (let i = 1; i < ANCHORS.length; i += 1) {
    const [x1, y1] = ANCHORS[i]!;
    const [x0, y0] = ANCHORS[i - 1]!;
    if (benchmarkIndex <= x1) return y0 + ((benchmarkIndex - x0) / (x1 - x0)) * (y1 - y0);
  }
  // Above the preset's host, on along the last segment's slope (one more × per 233 points).
  const [xa, ya] = ANCHORS.at(-2)!;
  const [xb, yb] = ANCHORS.at(-1)!;
  return yb + ((benchmarkIndex - xb) / (xb - xa)) * (yb - ya);
}
