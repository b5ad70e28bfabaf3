/**
 * What the page's main thread did in a Chromium trace, task by task: the trace of a Lighthouse run that
 * `npm run lighthouse -- --traces DIR` kept (recorded without CPU slowdown; Lighthouse's simulation then
 * counts each task 4× as long).
 *
 *   node --import tsx scripts/trace-tasks.ts DIR/home.trace.json [--long-ms 12.5]
 *
 * Prints the renderer main thread's top-level tasks, the time inside them that no traced event covers
 * (grouped by the task's first event: what Lighthouse's "main-thread work" files under "Other"), and each
 * task that is long once slowed 4× (over 12.5 ms here, 50 ms simulated) with the events that filled it.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string }; fileName?: string };
}

type Span = TraceEvent & { dur: number };

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** The events a long task is described by (others are their parts or bookkeeping). */
const SUMMARY_NAMES = new Set([
  'v8.evaluateModule',
  'v8.compileModule',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MinorGC',
  'MajorGC',
]);
const SIMULATED_SLOWDOWN = 4;

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const file = process.argv[2];
if (!file || file.startsWith('--')) throw new Error('usage: trace-tasks.ts TRACE.json [--long-ms 12.5]');
const longMs = Number(option('--long-ms') ?? 50 / SIMULATED_SLOWDOWN);

const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The renderer main thread with the most complete events: the page's (not an extension's or a worker's).
const threadNames = new Map<string, string>();
for (const event of events)
  if (event.name === 'thread_name' && event.args?.name) threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
const perThread = new Map<string, number>();
for (const event of events) {
  const key = `${event.pid}:${event.tid}`;
  if (event.ph === 'X' && threadNames.get(key) === 'CrRendererMain') perThread.set(key, (perThread.get(key) ?? 0) + 1);
}
const mainThread = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!mainThread) throw new Error(`${file}: no renderer main thread (CrRendererMain) with complete events`);

const spans = events
  .filter((e): e is Span => e.ph === 'X' && e.dur !== undefined && `${e.pid}:${e.tid}` === mainThread)
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

// Top-level tasks (a task nested in another is part of it), each with the events inside it.
const tasks: { task: Span; inside: Span[] }[] = [];
let taskEnd = -Infinity;
for (const span of spans) {
  if (TASK_NAMES.has(span.name) && span.ts >= taskEnd) {
    tasks.push({ task: span, inside: [] });
    taskEnd = span.ts + span.dur;
  } else if (span.ts < taskEnd && !TASK_NAMES.has(span.name)) {
    tasks.at(-1)?.inside.push(span);
  }
}

/** Microseconds of the task that no event inside it covers. */
function uncovered(task: Span, inside: Span[]): number {
  let covered = 0;
  let reached = task.ts;
  for (const span of inside) {
    const end = Math.min(span.ts + span.dur, task.ts + task.dur);
    if (end <= reached) continue;
    covered += end - Math.max(span.ts, reached);
    reached = end;
  }
  return task.dur - covered;
}

const ms = (us: number) => (us / 1000).toFixed(1);
const scriptOf = (span: Span) => (span.args?.data?.url ?? span.args?.fileName ?? '').split('/').at(-1) ?? '';

const total = tasks.reduce((sum, { task }) => sum + task.dur, 0);
console.log(`${tasks.length} top-level tasks, ${ms(total)} ms (${ms(total * SIMULATED_SLOWDOWN)} ms simulated)`);

const byFirst = new Map<string, { us: number; tasks: number }>();
for (const { task, inside } of tasks) {
  const key = inside[0]?.name ?? '(no event inside)';
  const entry = byFirst.get(key) ?? { us: 0, tasks: 0 };
  entry.us += uncovered(task, inside);
  entry.tasks += 1;
  byFirst.set(key, entry);
}
console.log('\ntime no traced event covers, by the task’s first event:');
for (const [name, { us, tasks: count }] of [...byFirst].sort((a, b) => b[1].us - a[1].us).slice(0, 12))
  console.log(`  ${ms(us).padStart(7)} ms in ${String(count).padStart(5)} tasks  ${name}`);

const first = tasks[0]?.task.ts ?? 0;
let blocking = 0;
console.log(`\ntasks over ${longMs} ms (start ms, ms, simulated blocking ms: events, scripts):`);
for (const { task, inside } of tasks) {
  if (task.dur / 1000 < longMs) continue;
  const simulatedBlocking = (task.dur * SIMULATED_SLOWDOWN) / 1000 - 50;
  blocking += Math.max(0, simulatedBlocking);
  const names = new Map<string, number>();
  const scripts = new Map<string, number>();
  for (const span of inside) {
    if (SUMMARY_NAMES.has(span.name)) names.set(span.name, (names.get(span.name) ?? 0) + span.dur);
    const script = scriptOf(span);
    if (script && span.name !== 'v8.compileModule') scripts.set(script, (scripts.get(script) ?? 0) + span.dur);
  }
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, us]) => `${name} ${ms(us)}`)
      .join(', ');
  console.log(
    `  ${ms(task.ts - first).padStart(8)} ${ms(task.dur).padStart(6)} ${simulatedBlocking.toFixed(0).padStart(5)}: ${top(names) || '-'}; ${top(scripts) || '-'}`,
  );
}
console.log(`simulated blocking time of these (from the first task, not only after FCP): ${blocking.toFixed(0)} ms`);
