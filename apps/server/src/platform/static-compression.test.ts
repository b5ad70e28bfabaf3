import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress, precompressFiles } from '../../../../scripts/vite-precompress.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** A script large and repetitive enough to compress well, like a real bundle. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "bourse asset ${i}";`).join('\n');
const STYLE = Array.from({ length: 200 }, (_, i) => `.row-${i} { padding: ${i}px; color: #123456; }`).join('\n');

describe('build precompression', () => {
  it('writes .br and .gz next to each hashed JS and CSS file, and leaves the shell alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bourse-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), STYLE);
    writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};');
    writeFileSync(path.join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(500)}`);
    const bundle = Object.fromEntries(
      [
        'assets/index-abc123.js',
        'assets/index-abc123.css',
        'assets/tiny-abc123.js',
        'assets/logo-abc123.png',
        'index.html',
      ].map((name) => [name, {}]),
    );

    // Called the way Vite calls it after writing the bundle.
    const plugin = precompress();
    expect(plugin.apply).toBe('build');
    await plugin.writeBundle({ dir }, bundle);

    for (const name of ['index-abc123.js', 'index-abc123.css']) {
      const original = readFileSync(path.join(dir, 'assets', name));
      const br = readFileSync(path.join(dir, 'assets', `${name}.br`));
      const gz = readFileSync(path.join(dir, 'assets', `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 4);
    }
    // Too small to gain, not a script or style, or the always-revalidated shell: left uncompressed.
    for (const name of ['assets/tiny-abc123.js', 'assets/logo-abc123.png', 'index.html']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
    expect(await precompressFiles(dir, ['assets/index-abc123.js'])).toEqual([
      'assets/index-abc123.js.br',
      'assets/index-abc123.js.gz',
    ]);
  });
});

describe('static assets served compressed', () => {
  let t: TestApp;
  let script: Buffer;

  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bourse-static-'));
    const web = path.join(root, 'web');
    const admin = path.join(root, 'admin');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(path.join(admin, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>web</title>');
    writeFileSync(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(web, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>admin</title>');
    writeFileSync(path.join(admin, 'assets', 'index-def456.css'), STYLE);
    await precompressFiles(web, ['assets/index-abc123.js']);
    await precompressFiles(admin, ['assets/index-def456.css']);
    script = readFileSync(path.join(web, 'assets', 'index-abc123.js'));
    t = await createTestApp('sqlite', { WEB_DIST: web, ADMIN_DIST: admin }, { serveStatic: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli when the browser accepts it, gzip when only that, the file itself otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);

    const identity = await get('/assets/index-abc123.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(script)).toBe(true);
    expect(Number(identity.headers['content-length'])).toBe(script.length);

    for (const reply of [br, gz, identity]) {
      expect(reply.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(reply.headers.vary).toContain('accept-encoding');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('does the same for the console under /admin/', async () => {
    const br = await get('/admin/assets/index-def456.css', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/css/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(STYLE);
  });

  it('answers HEAD with the headers of the variant GET would send, and no body', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.headers.vary).toContain('accept-encoding');
    expect(head.rawPayload.length).toBe(0);
  });

  it('revalidates each variant by its own ETag: 304 without a body, a different encoding gets its bytes', async () => {
    const br = await get('/assets/index-abc123.js', 'br');
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(br.headers.etag).toBeTruthy();
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // A cache holding the brotli bytes must not answer a gzip-only client with them.
    const other = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(other.rawPayload).equals(script)).toBe(true);
  });

  it('keeps the shell and the service worker uncompressed and revalidated', async () => {
    for (const url of ['/', '/sw.js', '/admin/']) {
      const reply = await get(url, 'gzip, br');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });
});
