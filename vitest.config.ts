import { defineConfig } from 'vitest/config';

/** One runner for every suite: each workspace folder has its own vitest.config.ts naming its project. */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/admin', 'e2e', 'reliability'],
  },
});
