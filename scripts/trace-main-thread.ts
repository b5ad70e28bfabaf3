/**
 * Where the main thread's time goes on one cold page load, as Lighthouse's mobile preset sees it (CPU slowed
 * 4×): the paints and largest-contentful-paint candidates observed, when each request started and ended, and
 * the V8 sampling profiler's self time per script and function (or call stack) before and after a split
 * point, and each long task (over 50 ms of the slowed CPU) with what ran in it. Needs `npm run build` first; starts its own demo server.
 *
 *   node --import tsx scripts/trace-main-thread.ts /home [--ms 6000] [--split fcp|lcp] [--stack 4] [--top 25] [--components]
 *
 * `--split lcp` splits at the last LCP candidate instead of the first contentful paint; `--stack N` keys
 * the time by the innermost N frames instead of the function alone; `--top N` prints the N largest (25);
 * `--components` adds to each long task the time sampled inside each React component (a capitalized
 * function on the stack, `C:Name`; readable in an unminified build, `npx vite build --minify false`).
 */
import { chromium } from 'playwright-core';
import { logInThroughApi } from '../e2e/api.ts';
import { startServer } from '../e2e/server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}
interface Marks {
  paints: Record<string, number>;
  lcp: { at: number; element: string }[];
  resources: string[];
  longTasks: { at: number; ms: number }[];
}

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const hash = process.argv[2] ?? '/home';
const windowMs = Number(option('--ms') ?? 6000);
const split = option('--split') ?? 'fcp';
const stackDepth = Number(option('--stack') ?? 1);
const components = process.argv.includes('--components');

const server = await startServer('bourse-trace');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
try {
  const { username, password } = server.credentials.investor;
  const token = hash === '/login' ? null : await logInThroughApi(server.baseUrl, username, password);
  // One unmeasured visit first, as scripts/lighthouse.ts does: the just-started server warms up.
  const warmUp = await browser.newContext();
  await (await warmUp.newPage()).goto(`${server.baseUrl}/#/login`, { waitUntil: 'networkidle' });
  await warmUp.close();

  // Lighthouse's mobile preset emulates this screen (a Moto G Power: 412 × 823 at 1.75 device pixels per
  // CSS pixel); at 1 the chart's canvases had a third of the pixels to fill.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/manifest.webmanifest`);
  await page.evaluate((session) => {
    localStorage.setItem('lang', 'de');
    if (session) localStorage.setItem('Admin-Token', session);
  }, token);
  await page.addInitScript(() => {
    const marks: Marks = { paints: {}, lcp: [], resources: [], longTasks: [] };
    (window as unknown as { __marks: Marks }).__marks = marks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.paints[entry.name] = Math.round(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { startTime: number; element?: Element }[]) {
        const element = entry.element ? `${entry.element.tagName.toLowerCase()}.${entry.element.className}` : '?';
        marks.lcp.push({ at: Math.round(entry.startTime), element });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Tasks over 50 ms of the slowed CPU: what total blocking time counts (their time beyond 50 ms each).
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        marks.longTasks.push({ at: Math.round(entry.startTime), ms: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.baseUrl}/#${hash}`);
  await page.waitForTimeout(windowMs);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const marks = await page.evaluate(() => {
    const observed = (window as unknown as { __marks: Marks }).__marks;
    observed.resources = performance
      .getEntriesByType('resource')
      .map(
        (r) =>
          `${r.name.replace(/.*\//, '')}@${Math.round(r.startTime)}-${Math.round((r as PerformanceResourceTiming).responseEnd)}`,
      );
    return observed;
  });
  console.log(JSON.stringify({ paints: marks.paints, lcp: marks.lcp }));
  console.log(`requests (start-end ms): ${marks.resources.join(' ')}`);

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const frame = (id: number) => {
    const { url, functionName, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    return `${url.replace(/.*\//, '') || '-'} ${functionName || '(anonymous)'}:${lineNumber}:${columnNumber}`;
  };
  const key = (id: number) => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined && frames.length < stackDepth; at = parentOf.get(at))
      frames.push(frame(at));
    return frames.join(' < ');
  };
  // The profile starts just before the navigation: its offsets stand in for the page's clock (a few ms early).
  const splitAt =
    split === 'lcp' ? (marks.lcp.at(-1)?.at ?? Infinity) : (marks.paints['first-contentful-paint'] ?? Infinity);
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  // Per long task, the time of each function (or stack) sampled inside it.
  const inTask = marks.longTasks.map(() => new Map<string, number>());
  let elapsedUs = 0;
  profile.samples.forEach((sample, index) => {
    elapsedUs += profile.timeDeltas[index] ?? 0;
    const { functionName } = byId.get(sample)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const atMs = elapsedUs / 1000;
    const bucket = atMs < splitAt ? before : after;
    const name = key(sample);
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    bucket.set(name, (bucket.get(name) ?? 0) + ms);
    const task = marks.longTasks.findIndex((t) => atMs >= t.at && atMs < t.at + t.ms);
    if (task < 0) return;
    const add = (what: string) => inTask[task]!.set(what, (inTask[task]!.get(what) ?? 0) + ms);
    add(name);
    if (!components) return;
    // Each component on the sample's stack once: React calls a child from its work loop, not from the
    // parent, so a component's time is its own render and what that calls.
    const seen = new Set<string>();
    for (let at: number | undefined = sample; at !== undefined; at = parentOf.get(at)) {
      const fn = byId.get(at)!.callFrame.functionName;
      if (/^[A-Z][A-Za-z0-9]+$/.test(fn) && !seen.has(fn)) {
        seen.add(fn);
        add(`C:${fn}`);
      }
    }
  });
  // Total blocking time as Lighthouse counts it: each long task's time beyond 50 ms, from the first
  // contentful paint on (here without Lighthouse's end at time to interactive).
  const fcp = marks.paints['first-contentful-paint'] ?? 0;
  const blocking = marks.longTasks.filter((t) => t.at >= fcp).reduce((sum, t) => sum + t.ms - 50, 0);
  console.log(`\nlong tasks: ${marks.longTasks.length}, blocking time after FCP ${blocking} ms`);
  marks.longTasks.forEach((task, i) => {
    const top = [...inTask[i]!].sort((a, b) => b[1] - a[1]).slice(0, components ? 12 : 4);
    console.log(`  @${task.at} ${task.ms} ms: ${top.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(' | ')}`);
  });
  for (const [label, bucket] of [
    [`before ${split} (${splitAt} ms)`, before],
    [`after ${split}`, after],
  ] as const) {
    const total = [...bucket.values()].reduce((sum, ms) => sum + ms, 0);
    const perFile = new Map<string, number>();
    for (const [name, ms] of bucket) perFile.set(name.split(' ')[0]!, (perFile.get(name.split(' ')[0]!) ?? 0) + ms);
    console.log(`\n${label}: ${Math.round(total)} ms busy`);
    const files = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`  per script: ${files.map(([file, ms]) => `${file} ${Math.round(ms)}`).join(', ')}`);
    for (const [name, ms] of [...bucket].sort((a, b) => b[1] - a[1]).slice(0, Number(option('--top') ?? 25)))
      console.log(`  ${Math.round(ms)} ms  ${name}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
