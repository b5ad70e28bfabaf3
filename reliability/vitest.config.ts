import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['**/*.reliability.ts'],
    // Each run starts its own real server (ports 4300-4399) on a database of its own.
    testTimeout: 600_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
