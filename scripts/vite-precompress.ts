import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Only hashed scripts and styles: the shell and the service worker are revalidated and stay as they are. */
const COMPRESSIBLE = /^assets\/.+\.(?:js|css)$/;

/** Below this, headers and the decoder cost more than the bytes saved (the same cut-off CDNs use). */
const MIN_SIZE_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to each hashed JS/CSS
 * file in `outDir`, so the server sends compressed bytes without compressing per request. A variant
 * that would not be smaller than the original is not written. Returns the files written.
 */
export async function precompressFiles(outDir: string, fileNames: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  for (const name of fileNames) {
    if (!COMPRESSIBLE.test(name.replaceAll('\\', '/'))) continue;
    const file = join(outDir, name);
    const source = await readFile(file);
    if (source.length < MIN_SIZE_BYTES) continue;
    const variants: [string, Buffer][] = [
      [
        '.br',
        await brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      ],
      ['.gz', await gzipAsync(source, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [extension, bytes] of variants) {
      if (bytes.length >= source.length) continue;
      await writeFile(file + extension, bytes);
      written.push(name + extension);
    }
  }
  return written;
}

/**
 * The part of Vite's plugin interface this plugin uses, written out because `vite` is installed per app
 * and does not resolve from this shared folder; the object is a valid Vite plugin by its shape.
 */
interface PrecompressPlugin {
  name: string;
  apply: 'build';
  writeBundle(options: { dir?: string }, bundle: Record<string, unknown>): Promise<void>;
}

/** Vite plugin: after the bundle is written, precompresses its hashed JS and CSS (see precompressFiles). */
export function precompress(): PrecompressPlugin {
  return {
    name: 'bourse:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir) throw new Error('bourse:precompress needs build.outDir');
      await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
