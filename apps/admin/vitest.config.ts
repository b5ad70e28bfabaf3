import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // antd renders a lot of DOM; a full sign-in journey in jsdom takes a few seconds on a 2-core machine,
    // and over 20 s when the machine is loaded (CI beside other work). A bound, not a delay.
    testTimeout: 45_000,
  },
});
