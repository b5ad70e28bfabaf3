import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One server, one browser at a time: journeys share the seeded demo.
    fileParallelism: false,
  },
});
