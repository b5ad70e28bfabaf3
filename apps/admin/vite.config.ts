import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { zodBrowserAlias } from '../../scripts/vite-zod-browser.ts';

/**
 * The API server serves the built console under /admin/, so every asset URL carries that base. In
 * development the API runs separately on port 3000 and is reached through the proxy, keeping requests
 * same-origin exactly as in production.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: [zodBrowserAlias] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the console's own code: separate chunks stay cached
        // across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'antd',
              test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|dayjs|stylis|@emotion)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
    // antd alone is ~850 kB minified (~270 kB gzip), the UI kit of a desktop back-office console;
    // it is one cached chunk, so the default 500 kB warning says nothing useful here.
    chunkSizeWarningLimit: 1_000,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
