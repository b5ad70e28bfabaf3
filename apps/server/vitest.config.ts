import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files run in parallel processes; each builds its own database (SQLite file or PostgreSQL schema).
    pool: 'forks',
  },
});
