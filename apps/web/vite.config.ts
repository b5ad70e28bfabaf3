import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { zodBrowserAlias } from '../../scripts/vite-zod-browser.ts';

const apiServer = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));

/** The placeholder in public/sw.js that each build replaces with its id. */
const BUILD_ID_PLACEHOLDER = '__BOURSE_BUILD_ID__';

/**
 * Stamps the build id into the hand-written service worker. The browser compares the worker script
 * byte for byte when it checks for updates, so a new deployment must change sw.js itself; the id is
 * derived from the emitted file names (which carry content hashes) and index.html, so an unchanged
 * app keeps its worker and nobody is asked to update for nothing.
 */
function serviceWorkerBuildId(): Plugin {
  let outDir = '';
  let buildId = '';
  return {
    name: 'bourse:service-worker-build-id',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        hash.update(name);
        const output = bundle[name];
        if (output?.type === 'asset' && name.endsWith('.html')) hash.update(output.source);
      }
      buildId = hash.digest('hex').slice(0, 16);
    },
    async closeBundle() {
      const file = join(outDir, 'sw.js');
      const source = await readFile(file, 'utf8');
      if (!source.includes(BUILD_ID_PLACEHOLDER)) throw new Error(`public/sw.js must contain ${BUILD_ID_PLACEHOLDER}`);
      await writeFile(file, source.replaceAll(BUILD_ID_PLACEHOLDER, buildId));
    },
  };
}

/** The app's entry module (index.html's module script). */
const ENTRY = join(root, 'src/main.tsx');

/** The opening screen's requests (src/opening-prefetch.ts): a second entry, loaded `async` ahead of ENTRY. */
const OPENING_PREFETCH = join(root, 'src/opening-prefetch.ts');
const OPENING_PREFETCH_NAME = 'opening-prefetch';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules `from` imports statically, itself included, transitively. */
function staticImports(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(from);
  return seen;
}

/**
 * Small libraries the entry's modules use, merged with them (1 KB gzip less than in chunks of their own).
 * Not a library whose index re-exports the rest of it (antd-mobile, TanStack Query): every module of it
 * that a lazy screen uses would join the first load.
 */
const SMALL_LIBRARIES = /\/node_modules\/(?:js-cookie|zustand|react-i18next)\//;

/**
 * One chunk for the app's own modules that the entry imports statically (transitively): they are loaded
 * before anything shows, whatever the screen, so splitting them into a dozen small chunks shared with the
 * lazy screens saved nothing and cost a file (gzip stream, hashed import names) each (issue 17,
 * docs/performance.md "First screen"). The graph is the one before tree-shaking: a module reached only
 * through a re-export would join too, so the app has no such index modules on that path.
 */
function initialAppModules() {
  let initial: Set<string> | null = null;
  let opening: Set<string> | null = null;
  return {
    // Other libraries keep their own chunks: an app change does not make returning visitors fetch React again.
    name: (id: string, graph: ModuleGraph) => {
      initial ??= staticImports(graph, ENTRY);
      // What the opening screen's requests need is a chunk of its own, which the entry shares: that
      // script must not wait for React, nor for a chain of small chunks.
      opening ??= staticImports(graph, OPENING_PREFETCH);
      if (opening.has(id)) return id === OPENING_PREFETCH ? null : 'opening-requests';
      if (id === ENTRY || !initial.has(id)) return null;
      return !id.includes('/node_modules/') || SMALL_LIBRARIES.test(id) ? 'app' : null;
    },
  };
}

/**
 * Loads the opening screen's requests (OPENING_PREFETCH, built as an entry of its own) with an `async`
 * module script ahead of the app's entry in index.html: it runs as soon as it has arrived, in a task of
 * its own, while the entry's larger graph is still loading (issue 17, docs/performance.md).
 */
function openingPrefetchScript(): Plugin {
  return {
    name: 'bourse:opening-prefetch-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === OPENING_PREFETCH_NAME,
        );
        if (!chunk) throw new Error(`the build has no ${OPENING_PREFETCH_NAME} entry`);
        const entryScript = /<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/.exec(html);
        if (!entryScript) throw new Error("index.html has no module script for the app's entry");
        const tag = `<script type="module" async crossorigin src="./${chunk.fileName}"></script>`;
        return html.replace(entryScript[0], `${tag}\n    ${entryScript[0]}`);
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), openingPrefetchScript(), serviceWorkerBuildId(), precompress()],
  // Relative base: the built app works from any folder the server mounts it under (HashRouter).
  base: './',
  resolve: {
    alias: [
      zodBrowserAlias,
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: join(root, 'src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph the first-screen budget test measures (e2e/first-screen.e2e.ts).
    manifest: true,
    // No module preloads: a lazy chunk's imports are fetched as the browser finds them, and only its
    // style sheets are added ahead (Vite does that with preloading off too). Inserting the chunks'
    // <link rel="modulepreload"> cost the main thread 100–160 ms under Lighthouse's 4× CPU slowdown:
    // over HTTP/2, as the app is served in production, home's blocking time fell from 440 ms to
    // 110–170 ms without them; over HTTP/1.1 the scores stayed within their noise (issue 17,
    // docs/performance.md "Lighthouse", 2026-11-28, fifth session).
    modulePreload: false,
    rolldownOptions: {
      input: { index: join(root, 'index.html'), [OPENING_PREFETCH_NAME]: OPENING_PREFETCH },
      output: {
        codeSplitting: {
          groups: [initialAppModules()],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true, ws: true },
      '/sandbox': { target: apiServer, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true, ws: true },
      '/sandbox': { target: apiServer, changeOrigin: true },
    },
  },
});
