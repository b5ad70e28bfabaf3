import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { AppError, invariant } from './errors.ts';

// Decoded ID images must not linger in libvips' operation cache after the request is answered.
sharp.cache(false);

export type ImageFormat = 'jpeg' | 'png' | 'webp';

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** 40 megapixels: more than any phone photo of a document needs, little enough to bound memory. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** The long side of a stored image; larger photos are scaled down, smaller ones kept as they are. */
export const IMAGE_MAX_STORED_SIDE = 4096;

/**
 * The image type from the file's first bytes (its magic number), or null for anything else. The
 * name and the content type the client sent are never consulted: they are whatever the client says.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF <4-byte size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface CleanImage {
  bytes: Buffer;
  format: 'jpeg' | 'webp';
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Decodes an uploaded photo and encodes it afresh: orientation applied to the pixels, every piece
 * of metadata (EXIF with GPS and camera serials, XMP, IPTC, ICC, comments) left behind, any payload
 * hidden after the image data dropped. WebP stays WebP; JPEG and PNG become JPEG (flattened on
 * white, since a document photo needs no transparency).
 *
 * Throws 415 UNSUPPORTED_MEDIA_TYPE when the bytes are not JPEG, PNG or WebP, and 422
 * KYC_IMAGE_UNREADABLE when they claim to be but do not decode, or are too large in pixels.
 */
export function reencodeImage(bytes: Buffer): Promise<CleanImage> {
  return reencode(bytes, (image) =>
    image.resize({
      width: IMAGE_MAX_STORED_SIDE,
      height: IMAGE_MAX_STORED_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    }),
  );
}

/**
 * An uploaded picture as a square of `side` pixels (an avatar): cleaned exactly as `reencodeImage`
 * cleans a document photo (sniffed, decoded, metadata and trailing payload dropped, same errors),
 * then cropped to its centre square and scaled to `side` (up or down).
 */
export function reencodeSquareImage(bytes: Buffer, side: number): Promise<CleanImage> {
  return reencode(bytes, (image) => image.resize({ width: side, height: side, fit: 'cover', position: 'centre' }));
}

async function reencode(bytes: Buffer, shape: (image: Sharp) => Sharp): Promise<CleanImage> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS, pages: 1 });
    const metadata = await input.metadata();
    // libvips detects the format itself; it must agree with the magic number we accepted.
    if (metadata.format !== sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const format = sniffed === 'webp' ? 'webp' : 'jpeg';
    let pipeline = shape(input.rotate());
    pipeline =
      format === 'webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format,
      contentType: CONTENT_TYPES[format],
      extension: EXTENSIONS[format],
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('KYC_IMAGE_UNREADABLE');
  }
}

/** Stored names are 128 random bits in hex plus the extension of the format we wrote. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|webp)$/;

/** Whether a name (from a URL, say) has the shape of a name this store writes; nothing else is ever read. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/**
 * Whether bytes follow the end of the image itself: a JPEG after its last end-of-image marker, a PNG
 * after its IEND chunk, a WebP beyond the size its RIFF header declares. Such a file is also
 * something else (a zip, a script): a polyglot, refused where a picture is shown to others.
 */
export function hasTrailingData(bytes: Uint8Array, format: ImageFormat): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'jpeg') return !(view.length >= 2 && view[view.length - 2] === 0xff && view[view.length - 1] === 0xd9);
  if (format === 'png') {
    const iend = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    return view.length < iend.length || !view.subarray(view.length - iend.length).equals(iend);
  }
  return view.length < 12 || view.readUInt32LE(4) + 8 !== view.length;
}

export function contentTypeOfStoredName(name: string): string {
  return name.endsWith('.webp') ? CONTENT_TYPES.webp : CONTENT_TYPES.jpeg;
}

/**
 * Private files on local disk under one directory (UPLOAD_DIR), outside any static root, grouped by
 * purpose (`kyc/`). Names are generated here, never taken from a client, and checked again when read,
 * so no path a client or a tampered row supplies can leave the directory.
 */
export class UploadStore {
  constructor(private readonly root: string) {}

  private pathOf(area: string, name: string): string {
    invariant(/^[a-z]+$/.test(area), `bad upload area ${area}`);
    invariant(STORED_NAME.test(name), `bad stored file name ${name}`);
    const file = path.join(this.root, area, name);
    invariant(path.dirname(file) === path.join(this.root, area), 'stored file outside its area');
    return file;
  }

  /** Writes new bytes under a fresh random name (mode 600) and returns the name. */
  async save(area: string, bytes: Buffer, extension: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    const file = this.pathOf(area, name);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': a name that somehow exists already is an error, never an overwrite.
    await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
    return name;
  }

  async read(area: string, name: string): Promise<Buffer> {
    return readFile(this.pathOf(area, name));
  }

  /** Removes files; missing ones are fine (used to clean up after a failed submission). */
  async remove(area: string, names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(this.pathOf(area, name), { force: true })));
  }
}

/** Sends a private image (an ID document, a chat attachment): never cached, never sniffed into another type. */
export function sendPrivateImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .type(image.contentType)
    .send(image.bytes);
}
