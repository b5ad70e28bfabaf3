// The entry of the server's worker threads: loads the TypeScript module named in
// `workerData.entry` through tsx, as the main thread's `node --import tsx` does (a worker does not
// inherit the main thread's module hooks, and vitest's transform does not reach it).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
