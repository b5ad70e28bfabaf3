import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@bourse/shared/i18n/index';
import sharp from 'sharp';
import type { KycQueuePage } from '@bourse/shared/schemas/kyc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, countRows, createTestApp, DIALECTS, investor, operator, type TestApp } from '../../test/harness.ts';
import { getVerifiedIdentity } from './kyc.service.ts';

// ---------- Fixtures: real images, made here ----------

const CAMERA_MAKE = 'SpyCam-9000';

/**
 * A 64×40 JPEG as a phone writes it: EXIF orientation 6 (rotate 90° to display), the camera's make
 * and a GPS position. After cleaning it must be 40×64 with none of that left.
 */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Model: 'X1', Copyright: 'private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

function png(): Promise<Buffer> {
  return sharp({ create: { width: 50, height: 30, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

function webp(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#10a050' } })
    .webp()
    .toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** An image bigger than the limit: 20 MB of pixel noise in a PNG (noise does not compress). */
async function twentyMegabytePng(): Promise<Buffer> {
  const width = 2600;
  const height = 2600;
  const image = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(image.length).toBeGreaterThan(20_000_000);
  return image;
}

// ---------- Multipart, written by hand so every byte is under the test's control ----------

interface FilePart {
  name: string;
  bytes: Buffer;
  filename?: string;
  contentType?: string;
}

function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----bourse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename ?? `${file.name}.jpg`}"\r\n` +
          `content-type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const GOOD_FIELDS = { realName: '  Anna-Lena   O’Brien ', idNumber: 'l01x00t47', docType: 'id_card' };

describe.each(DIALECTS)('identity verification on %s', (dialect) => {
  let t: TestApp;
  let front: Buffer;
  let back: Buffer;

  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '100000' });
    [front, back] = await Promise.all([phoneJpeg(), png()]);
  });
  afterAll(async () => {
    await t.close();
  });

  const kycDir = () => path.join(t.ctx.config.uploadDir, 'kyc');
  const storedFiles = () => (existsSync(kycDir()) ? readdirSync(kycDir()).sort() : []);

  async function submit(
    token: string,
    options: { fields?: Record<string, string>; files?: FilePart[]; headers?: Record<string, string> } = {},
  ) {
    const { payload, contentType } = multipart(
      options.fields ?? GOOD_FIELDS,
      options.files ?? [
        { name: 'front', bytes: front },
        { name: 'back', bytes: back, filename: 'back.png', contentType: 'image/png' },
      ],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/user/authentication',
      headers: { token, 'content-type': contentType, ...options.headers },
      payload,
    });
  }

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { token }, ...(payload ? { payload } : {}) });

  async function userIdOf(token: string): Promise<number> {
    return body<{ id: number }>(await get('/api/user/info', token)).data.id;
  }

  async function kycStatusOf(userId: number) {
    const row = await t.ctx.database.db
      .selectFrom('users')
      .select('kycStatus')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.kycStatus;
  }

  async function submissionsOf(userId: number) {
    return t.ctx.database.db
      .selectFrom('kycSubmissions')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
  }

  describe('submission, review and approval', () => {
    it('submits, shows in review with the number masked, and an approved user gets a verified identity', async () => {
      const { token, phone } = await investor(t);
      const userId = await userIdOf(token);
      expect(body(await get('/api/user/authenticationDetail', token)).data).toEqual({ status: 'none' });
      const filesBefore = storedFiles();

      const res = await submit(token);
      expect(res.statusCode).toBe(200);
      const detail = body(res).data;
      // Trimmed and spaces collapsed; the number upper-cased; all but the last four characters hidden.
      expect(detail).toMatchObject({
        status: 'in_review',
        realName: 'Anna-Lena O’Brien',
        idNumberMasked: '*****0T47',
        docType: 'id_card',
        submittedAt: '2026-11-23T09:00:00.000Z',
      });
      expect(detail).not.toHaveProperty('reason');
      expect(JSON.stringify(body(await get('/api/user/authenticationDetail', token)).data)).not.toContain('L01X');
      expect(body(await get('/api/user/info', token)).data.kycStatus).toBe('in_review');
      expect(await kycStatusOf(userId)).toBe('in_review');
      expect(await getVerifiedIdentity(t.ctx.database.db, userId)).toBeNull();

      const [row] = await submissionsOf(userId);
      expect(row).toMatchObject({ status: 'in_review', idNumber: 'L01X00T47', reason: null, decidedBy: null });
      const added = storedFiles().filter((name) => !filesBefore.includes(name));
      expect(added.sort()).toEqual([row!.frontFile, row!.backFile].sort());
      for (const name of added) expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);

      const compliance = await operator(t, ['compliance']);
      const queue = body<KycQueuePage>(
        await get('/api/admin/kyc?status=in_review&page=1&pageSize=200', compliance.token),
      ).data;
      expect(queue.items.find((item) => item.userId === userId)).toEqual({
        id: Number(row!.id),
        userId,
        phone,
        realName: 'Anna-Lena O’Brien',
        idNumber: 'L01X00T47',
        docType: 'id_card',
        status: 'in_review',
        reason: null,
        submittedAt: '2026-11-23T09:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
      });

      const auditBefore = await countRows(t, 'auditLog');
      const approved = await post(`/api/admin/kyc/${userId}/approve`, compliance.token);
      expect(approved.statusCode).toBe(200);
      expect(body(approved).data).toMatchObject({ userId, status: 'approved', decidedBy: compliance.username });
      expect(await countRows(t, 'auditLog')).toBe(auditBefore + 1);
      const audit = await t.ctx.database.db
        .selectFrom('auditLog')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        action: 'kyc.approve',
        operatorUsername: compliance.username,
        target: `user:${userId}`,
      });
      expect(JSON.parse(audit.details!)).toEqual({ submissionId: Number(row!.id) });

      expect(body(await get('/api/user/authenticationDetail', token)).data).toMatchObject({
        status: 'approved',
        realName: 'Anna-Lena O’Brien',
      });
      expect(await kycStatusOf(userId)).toBe('approved');
      expect(await getVerifiedIdentity(t.ctx.database.db, userId)).toEqual({ realName: 'Anna-Lena O’Brien' });
      const stillQueued = body<KycQueuePage>(await get('/api/admin/kyc', compliance.token)).data.items;
      expect(stillQueued.some((item) => item.userId === userId)).toBe(false);
      const approvedList = body<KycQueuePage>(await get('/api/admin/kyc?status=approved', compliance.token)).data;
      expect(approvedList.items.some((item) => item.userId === userId)).toBe(true);

      // An approved identity is final: no new submission, no second decision, and no audit line for either.
      const again = await submit(token);
      expect(again.statusCode).toBe(409);
      expect(body(again)).toMatchObject({ code: 409, error: 'KYC_ALREADY_APPROVED' });
      const twice = await post(`/api/admin/kyc/${userId}/approve`, compliance.token);
      expect(twice.statusCode).toBe(409);
      expect(body(twice).error).toBe('KYC_NOT_IN_REVIEW');
      const lateResubmit = await post(`/api/admin/kyc/${userId}/resubmit`, compliance.token, { reason: 'blurry' });
      expect(lateResubmit.statusCode).toBe(409);
      expect(await countRows(t, 'auditLog')).toBe(auditBefore + 1);
      expect(await submissionsOf(userId)).toHaveLength(1);
    });

    it('stores a re-encoded copy: orientation applied, no EXIF, no camera or GPS data', async () => {
      const { token } = await investor(t);
      const userId = await userIdOf(token);
      expect((await submit(token)).statusCode).toBe(200);
      const [row] = await submissionsOf(userId);
      const stored = readFileSync(path.join(kycDir(), row!.frontFile));
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('jpeg');
      // 64×40 with orientation 6 is displayed 40 wide and 64 high; the pixels now say so themselves.
      expect([metadata.width, metadata.height]).toEqual([40, 64]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(stored.includes(Buffer.from(CAMERA_MAKE))).toBe(false);
      expect(stored.equals(front)).toBe(false);
      // The semi-transparent PNG back became a flat JPEG.
      const backMeta = await sharp(readFileSync(path.join(kycDir(), row!.backFile))).metadata();
      expect(backMeta).toMatchObject({ format: 'jpeg', width: 50, height: 30, hasAlpha: false });
    });

    it('asks to resubmit with a reason; the user sees it and submits again as a new row', async () => {
      const { token } = await investor(t);
      const userId = await userIdOf(token);
      expect((await submit(token)).statusCode).toBe(200);
      const compliance = await operator(t, ['compliance']);

      const noReason = await post(`/api/admin/kyc/${userId}/resubmit`, compliance.token, {});
      expect(noReason.statusCode).toBe(400);
      expect(body(noReason).error).toBe('VALIDATION_FAILED');
      for (const reason of ['   ', 'x'.repeat(501)]) {
        expect((await post(`/api/admin/kyc/${userId}/resubmit`, compliance.token, { reason })).statusCode).toBe(400);
      }
      expect((await post(`/api/admin/kyc/${userId}/resubmit`, compliance.token)).statusCode).toBe(400);
      expect(await kycStatusOf(userId)).toBe('in_review');

      const reason = 'The back image is blurred; please photograph it again in good light.';
      const res = await post(`/api/admin/kyc/${userId}/resubmit`, compliance.token, { reason: `  ${reason} ` });
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toMatchObject({ status: 'resubmit', reason, decidedBy: compliance.username });
      const audit = await t.ctx.database.db
        .selectFrom('auditLog')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'kyc.resubmit', target: `user:${userId}` });
      expect(JSON.parse(audit.details!)).toMatchObject({ reason });

      expect(body(await get('/api/user/authenticationDetail', token)).data).toMatchObject({
        status: 'resubmit',
        reason,
      });
      expect(body(await get('/api/user/info', token)).data.kycStatus).toBe('resubmit');
      expect(await getVerifiedIdentity(t.ctx.database.db, userId)).toBeNull();

      const second = await submit(token, {
        fields: { realName: 'Anna Lena OBrien', idNumber: 'C-9988-77', docType: 'passport' },
        files: [
          { name: 'front', bytes: await webp(), filename: 'f.webp', contentType: 'image/webp' },
          { name: 'back', bytes: await webp(), filename: 'b.webp', contentType: 'image/webp' },
        ],
      });
      expect(second.statusCode).toBe(200);
      expect(body(second).data).toMatchObject({
        status: 'in_review',
        docType: 'passport',
        idNumberMasked: '*****8-77',
      });
      expect(body(second).data).not.toHaveProperty('reason');

      const rows = await submissionsOf(userId);
      expect(rows.map((r) => r.status)).toEqual(['resubmit', 'in_review']);
      expect(rows[0]).toMatchObject({ reason, idNumber: 'L01X00T47' });
      expect(rows[1]!.frontFile).toMatch(/^[0-9a-f]{32}\.webp$/);
      // The earlier images stay as the record of what was refused.
      expect(existsSync(path.join(kycDir(), rows[0]!.frontFile))).toBe(true);
    });
  });

  describe('who may see the images', () => {
    it('the owner and compliance may; another investor gets 404, an admin without compliance 403', async () => {
      const owner = await investor(t);
      const userId = await userIdOf(owner.token);
      expect((await submit(owner.token)).statusCode).toBe(200);

      for (const side of ['front', 'back']) {
        const res = await get(`/api/user/authentication/images/${side}`, owner.token);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
      }
      expect((await get('/api/user/authentication/images/selfie', owner.token)).statusCode).toBe(400);
      expect((await get('/api/user/authentication/images/..%2F..%2Fetc%2Fpasswd', owner.token)).statusCode).toBe(400);
      expect((await get('/api/user/authentication/images/front')).statusCode).toBe(401);

      // There is no way to name another user's image; a stranger only ever gets their own (none here).
      const stranger = await investor(t);
      const foreign = await get('/api/user/authentication/images/front', stranger.token);
      expect(foreign.statusCode).toBe(404);
      expect(body(foreign).error).toBe('NOT_FOUND');

      const adminOnly = await operator(t, ['admin']);
      for (const url of [`/api/admin/kyc/${userId}/images/front`, '/api/admin/kyc']) {
        const res = await get(url, adminOnly.token);
        expect(res.statusCode, url).toBe(403);
        expect(body(res).error).toBe('FORBIDDEN');
      }
      expect((await post(`/api/admin/kyc/${userId}/approve`, adminOnly.token)).statusCode).toBe(403);
      for (const role of ['finance', 'support'] as const) {
        const other = await operator(t, [role]);
        expect((await get(`/api/admin/kyc/${userId}/images/front`, other.token)).statusCode).toBe(403);
      }
      // An investor's token is not an operator's.
      expect((await get(`/api/admin/kyc/${userId}/images/front`, owner.token)).statusCode).toBe(401);

      const compliance = await operator(t, ['admin', 'compliance']);
      const res = await get(`/api/admin/kyc/${userId}/images/back`, compliance.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals((await get('/api/user/authentication/images/back', owner.token)).rawPayload)).toBe(
        true,
      );
      expect((await get('/api/admin/kyc/999999999/images/front', compliance.token)).statusCode).toBe(404);
    });

    it('serves WebP as WebP', async () => {
      const { token } = await investor(t);
      const image = await webp();
      const res = await submit(token, {
        files: [
          { name: 'front', bytes: image },
          { name: 'back', bytes: image },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect((await get('/api/user/authentication/images/front', token)).headers['content-type']).toBe('image/webp');
    });
  });

  describe('refuses bad input and changes nothing', () => {
    async function expectRefused(
      send: (token: string) => Promise<{ statusCode: number; body: string }>,
      status: number,
      error: string,
    ) {
      const { token } = await investor(t);
      const userId = await userIdOf(token);
      const files = storedFiles();
      const rows = await countSubmissions();
      const res = await send(token);
      expect(res.statusCode).toBe(status);
      expect(body(res)).toMatchObject({ code: status, error, data: null });
      expect(await kycStatusOf(userId)).toBe('none');
      expect(await countSubmissions()).toBe(rows);
      expect(storedFiles()).toEqual(files);
      return res;
    }

    async function countSubmissions() {
      const row = await t.ctx.database.db
        .selectFrom('kycSubmissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    it('a PDF named front.jpg and sent as image/jpeg: 415', async () => {
      const res = await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: PDF },
              { name: 'back', bytes: back },
            ],
          }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(body(res).msg).toBe(translate('de', 'errors.UNSUPPORTED_MEDIA_TYPE'));
    });

    it('an SVG named back.jpg: 415', async () => {
      await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: front },
              { name: 'back', bytes: SVG },
            ],
          }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('a GIF, which is an image but not one of the three types: 415', async () => {
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: gif },
              { name: 'back', bytes: back },
            ],
          }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('a JPEG header followed by garbage: 422', async () => {
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2048)]);
      await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: front },
              { name: 'back', bytes: broken },
            ],
          }),
        422,
        'KYC_IMAGE_UNREADABLE',
      );
    });

    it('a 20 MB image: 413', async () => {
      const huge = await twentyMegabytePng();
      await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: huge },
              { name: 'back', bytes: back },
            ],
          }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
    });

    it('a missing back image, or an empty one: 400', async () => {
      await expectRefused(
        (token) => submit(token, { files: [{ name: 'front', bytes: front }] }),
        400,
        'KYC_IMAGES_REQUIRED',
      );
      await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: front },
              { name: 'back', bytes: Buffer.alloc(0) },
            ],
          }),
        400,
        'KYC_IMAGES_REQUIRED',
      );
      await expectRefused((token) => submit(token, { files: [] }), 400, 'KYC_IMAGES_REQUIRED');
    });

    it.each([
      ['an empty real name', { realName: '' }],
      ['a real name of spaces', { realName: '    ' }],
      ['a one-letter real name', { realName: 'A' }],
      ['an overlong real name', { realName: 'A'.repeat(101) }],
      ['a real name with digits', { realName: 'Agent 007' }],
      ['a real name with markup', { realName: 'Ann <b>' }],
      ['a bad document type', { docType: 'drivers_licence' }],
      ['an ID number with a slash', { idNumber: 'AB/12345' }],
      ['an ID number with spaces inside', { idNumber: 'AB 12345' }],
      ['an ID number too short', { idNumber: 'A12' }],
      ['an ID number too long', { idNumber: '1'.repeat(33) }],
      ['an ID number ending in a dash', { idNumber: 'AB12345-' }],
    ])('%s: 400', async (_name, override) => {
      await expectRefused(
        (token) => submit(token, { fields: { ...GOOD_FIELDS, ...override } }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('a missing field: 400', async () => {
      const { docType: _docType, ...withoutDocType } = GOOD_FIELDS;
      await expectRefused((token) => submit(token, { fields: withoutDocType }), 400, 'VALIDATION_FAILED');
    });

    it('an unknown field or an unknown file: 400', async () => {
      await expectRefused(
        (token) => submit(token, { fields: { ...GOOD_FIELDS, kycStatus: 'approved' } }),
        400,
        'UNKNOWN_FIELD',
      );
      await expectRefused(
        (token) =>
          submit(token, {
            files: [
              { name: 'front', bytes: front },
              { name: 'selfie', bytes: front },
            ],
          }),
        400,
        'UNKNOWN_FIELD',
      );
    });

    it('JSON instead of multipart: 415', async () => {
      await expectRefused(
        (token) =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/authentication',
            headers: { token },
            payload: { ...GOOD_FIELDS, front: front.toString('base64'), back: back.toString('base64') },
          }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('a second submission while the first is in review: 409', async () => {
      const { token } = await investor(t);
      const userId = await userIdOf(token);
      expect((await submit(token)).statusCode).toBe(200);
      const files = storedFiles();
      const res = await submit(token);
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({ code: 409, error: 'KYC_ALREADY_SUBMITTED' });
      expect(await submissionsOf(userId)).toHaveLength(1);
      expect(storedFiles()).toEqual(files);
    });

    it('two submissions at the same moment: one wins, the other leaves nothing behind', async () => {
      const { token } = await investor(t);
      const userId = await userIdOf(token);
      const files = storedFiles();
      const results = await Promise.all([submit(token), submit(token)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await submissionsOf(userId)).toHaveLength(1);
      expect(storedFiles()).toHaveLength(files.length + 2);
    });

    it('without a session: 401', async () => {
      const { payload, contentType } = multipart(GOOD_FIELDS, [
        { name: 'front', bytes: front },
        { name: 'back', bytes: back },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/authentication',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it('limits submission attempts per user: the sixth within ten minutes gets 429, other users are unaffected', async () => {
    const { token } = await investor(t);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await submit(token, { files: [] })).statusCode).toBe(400);
    }
    const limited = await submit(token);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).error).toBe('RATE_LIMITED');
    const other = await investor(t);
    expect((await submit(other.token)).statusCode).toBe(200);
  });

  it('takes the client file name for nothing: a path-like name is stored under a random name', async () => {
    const { token } = await investor(t);
    const userId = await userIdOf(token);
    const res = await submit(token, {
      files: [
        { name: 'front', bytes: front, filename: '../../etc/passwd.jpg' },
        {
          name: 'back',
          bytes: back,
          filename: '/tmp/../../../root/.ssh/authorized_keys.png',
          contentType: 'text/plain',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await submissionsOf(userId);
    for (const name of [row!.frontFile, row!.backFile]) {
      expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
      expect(existsSync(path.join(kycDir(), name))).toBe(true);
    }
    expect(existsSync(path.resolve(kycDir(), '../../etc/passwd.jpg'))).toBe(false);
    expect(readdirSync(t.ctx.config.uploadDir)).toEqual(['kyc']);
  });

  it('parses multipart only on upload routes: elsewhere it is refused with 415', async () => {
    const { token } = await investor(t);
    const { payload, contentType } = multipart({ nickname: 'Eve' }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { token, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(body(res).error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('keeps the uploads outside the static roots and refuses a configuration that would not', async () => {
    const { loadConfig, ConfigError } = await import('../../platform/config.ts');
    const config = t.ctx.config;
    expect(config.uploadDir.startsWith(path.resolve(config.WEB_DIST))).toBe(false);
    expect(() => loadConfig({ UPLOAD_DIR: path.join(config.WEB_DIST, 'uploads') })).toThrow(ConfigError);
    expect(() => loadConfig({ UPLOAD_DIR: config.ADMIN_DIST })).toThrow(/UPLOAD_DIR/);
    expect(loadConfig({ DATA_DIR: '/srv/bourse' }).uploadDir).toBe('/srv/bourse/uploads');
  });

  describe('console queue', () => {
    it('lists the queue oldest first with paging, and refuses a decision on a user without a submission', async () => {
      const compliance = await operator(t, ['compliance']);
      const a = await investor(t);
      expect((await submit(a.token)).statusCode).toBe(200);
      t.clock.advance(60_000);
      const b = await investor(t);
      expect((await submit(b.token)).statusCode).toBe(200);
      const [aId, bId] = [await userIdOf(a.token), await userIdOf(b.token)];

      const all = body<KycQueuePage>(await get('/api/admin/kyc?pageSize=200', compliance.token)).data;
      const order = all.items.map((item) => item.userId);
      expect(order.indexOf(aId)).toBeLessThan(order.indexOf(bId));
      expect(all.total).toBe(all.items.length);

      const firstPage = body(await get('/api/admin/kyc?page=1&pageSize=1', compliance.token)).data;
      expect(firstPage).toMatchObject({ page: 1, pageSize: 1, total: all.total });
      expect(firstPage.items).toHaveLength(1);

      expect((await get('/api/admin/kyc?status=none', compliance.token)).statusCode).toBe(400);
      expect((await get('/api/admin/kyc?pageSize=1000', compliance.token)).statusCode).toBe(400);
      expect((await post('/api/admin/kyc/abc/approve', compliance.token)).statusCode).toBe(400);

      const nobody = await investor(t);
      const missing = await post(`/api/admin/kyc/${await userIdOf(nobody.token)}/approve`, compliance.token);
      expect(missing.statusCode).toBe(404);
      expect((await post('/api/admin/kyc/999999999/approve', compliance.token)).statusCode).toBe(404);
    });
  });
});
