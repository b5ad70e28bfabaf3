import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, investor, multipartBody, type TestApp } from '../../test/harness.ts';

/** A 300×200 JPEG as a phone writes it: the camera's make and a GPS position in its EXIF. */
function phoneJpeg(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Make: 'SpyCam-9000', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe.each(DIALECTS)('avatar on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const avatarDir = () => path.join(t.ctx.config.uploadDir, 'avatars');
  const storedFiles = () => (existsSync(avatarDir()) ? readdirSync(avatarDir()).sort() : []);

  function upload(token: string, data: Buffer, field = 'avatar', contentType = 'image/jpeg') {
    const form = multipartBody({}, { [field]: { filename: 'me.jpg', contentType, data } });
    return t.app.inject({
      method: 'POST',
      url: '/api/user/editAvatar',
      headers: { token, ...form.headers, 'accept-language': 'de' },
      payload: form.payload,
    });
  }

  async function avatarOf(token: string): Promise<string | null> {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    return body<{ avatar: string | null }>(res).data.avatar;
  }

  it('stores a square, resized picture without EXIF under a new name, serves it and removes the old one', async () => {
    const user = await investor(t);
    const first = await upload(user.token, await phoneJpeg());
    expect(first.statusCode, first.body).toBe(200);
    const url = body<{ avatar: string }>(first).data.avatar;
    expect(url).toMatch(/^\/api\/user\/avatars\/[0-9a-f]{32}\.jpg$/);
    expect(await avatarOf(user.token)).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SpyCam-9000'))).toBe(false);

    // A WebP replaces it: the new file is WebP, the old file is gone and no longer served.
    const webp = await sharp({ create: { width: 80, height: 120, channels: 3, background: '#10a050' } })
      .webp()
      .toBuffer();
    const second = await upload(user.token, webp, 'avatar', 'image/webp');
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl = body<{ avatar: string }>(second).data.avatar;
    expect(secondUrl).toMatch(/\.webp$/);
    expect(storedFiles()).toContain(secondUrl.split('/').pop());
    expect(storedFiles()).not.toContain(url.split('/').pop());
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const small = await sharp((await t.app.inject({ method: 'GET', url: secondUrl })).rawPayload).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 256, 256]);
  });

  it('refuses oversized, non-image and polyglot pictures with a localized error and changes nothing', async () => {
    const user = await investor(t);
    const kept = body<{ avatar: string }>(await upload(user.token, await phoneJpeg())).data.avatar;
    const before = storedFiles();
    const jpeg = await phoneJpeg();
    const noise = await sharp(Buffer.alloc(1800 * 1800 * 3, 7), { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    const cases: Array<[Buffer, number, string]> = [
      [noise, 413, 'PAYLOAD_TOO_LARGE'],
      [SVG, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [GIF, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [Buffer.from('PK\u0003\u0004 not an image'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]), 422, 'IMAGE_HAS_TRAILING_DATA'],
      [Buffer.concat([jpeg, Buffer.from('PK\u0003\u0004\u0014\u0000zipdata')]), 422, 'IMAGE_HAS_TRAILING_DATA'],
      [Buffer.concat([jpeg.subarray(0, 200), Buffer.from([0xff, 0xd9])]), 422, 'KYC_IMAGE_UNREADABLE'],
    ];
    for (const [data, status, code] of cases) {
      const res = await upload(user.token, data);
      expect(res.statusCode, code).toBe(status);
      expect(body(res).error).toBe(code);
      expect(body(res).msg).not.toBe(code);
    }
    expect(body(await upload(user.token, jpeg, 'photo')).error).toBe('UNKNOWN_FIELD');
    expect(await avatarOf(user.token)).toBe(kept);
    expect(storedFiles()).toEqual(before);
  });

  it('serves nothing but stored avatars: unknown names, paths and other areas are 404', async () => {
    for (const file of [
      '0123456789abcdef0123456789abcdef.jpg',
      '..%2Fkyc%2Fx.jpg',
      '..%2F..%2Fetc%2Fpasswd',
      'x.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/avatars/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('changes the nickname trimmed, keeps markup as text and refuses empty, long or control characters', async () => {
    const user = await investor(t);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/user/profile', headers: { token: user.token }, payload });
    const ok = await post({ nickname: '  <script>alert(1)</script>  ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<{ nickname: string }>(ok).data.nickname).toBe('<script>alert(1)</script>');
    for (const nickname of ['   ', 'x'.repeat(31), 'tab\there', 'rtl\u202eevil']) {
      const res = await post({ nickname });
      expect(res.statusCode, JSON.stringify(nickname)).toBe(400);
      expect(body(res).error).toBe('NICKNAME_INVALID');
    }
    // A NUL character is refused for every field before any domain rule (platform/validation.ts).
    const nul = await post({ nickname: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(body(nul).error).toBe('VALIDATION_FAILED');
    expect(body<{ nickname: string }>(await post({})).data.nickname).toBe('<script>alert(1)</script>');
    expect(body(await post({ email: 'not-an-email' })).error).toBe('VALIDATION_FAILED');
  });
});
