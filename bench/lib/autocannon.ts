import { createRequire } from 'node:module';

/** The part of autocannon's result the benchmarks read (the package ships no type declarations). */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
  duration: number;
}

export type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
export const autocannon = require('autocannon') as Autocannon;
