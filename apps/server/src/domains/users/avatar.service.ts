import { AVATAR_MAX_BYTES, AVATAR_SIDE } from '@bourse/shared/schemas/privacy';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  contentTypeOfStoredName,
  hasTrailingData,
  isStoredName,
  reencodeSquareImage,
  sniffImageFormat,
  UploadStore,
} from '../../platform/storage.ts';
import * as repo from './users.repository.ts';
import { avatarUrl } from './users.service.ts';

/** Avatars live in their own area of the upload store, apart from identity documents. */
const AREA = 'avatars';

function store(ctx: AppContext): UploadStore {
  return new UploadStore(ctx.config.uploadDir);
}

/**
 * Sets a new avatar from an uploaded picture. Refused with nothing changed (the old avatar stays):
 * over AVATAR_MAX_BYTES (413), not JPEG, PNG or WebP by its bytes (415: SVG, GIF, anything else),
 * bytes after the image (422 IMAGE_HAS_TRAILING_DATA: a polyglot), undecodable (422). Otherwise the
 * picture is cleaned (metadata dropped), cropped to its centre square and scaled to AVATAR_SIDE,
 * stored under a new random name; the old file is removed once the new name is committed.
 */
export async function changeAvatar(ctx: AppContext, userId: number, bytes: Buffer): Promise<{ avatar: string }> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (hasTrailingData(bytes, format)) throw new AppError('IMAGE_HAS_TRAILING_DATA');
  const image = await reencodeSquareImage(bytes, AVATAR_SIDE);
  const files = store(ctx);
  const name = await files.save(AREA, image.bytes, image.extension);
  let previous: string | null;
  try {
    previous = await swapIn(ctx, userId, name);
  } catch (error) {
    await files.remove(AREA, [name]).catch(() => undefined);
    throw error;
  }
  if (previous !== null && isStoredName(previous)) await files.remove(AREA, [previous]).catch(() => undefined);
  return { avatar: avatarUrl(name) as string };
}

/** Writes the new name over whatever is there now (retrying if another upload got in between); returns the old. */
async function swapIn(ctx: AppContext, userId: number, name: string): Promise<string | null> {
  for (;;) {
    const user = await repo.findUserById(ctx.database.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const swapped = await repo.swapAvatar(ctx.database.db, {
      userId,
      from: user.avatar,
      to: name,
      nowMs: ctx.clock.nowMs(),
    });
    if (swapped) return user.avatar;
  }
}

/**
 * A stored avatar by its file name, for `GET /api/user/avatars/:file`. Names are 128 random bits, so
 * the URL is only known to whoever was shown the avatar; anything not shaped like a stored name (a
 * path, `..`) or no longer stored is NOT_FOUND.
 */
export async function readAvatar(ctx: AppContext, file: string): Promise<{ bytes: Buffer; contentType: string }> {
  if (!isStoredName(file)) throw new AppError('NOT_FOUND');
  try {
    return { bytes: await store(ctx).read(AREA, file), contentType: contentTypeOfStoredName(file) };
  } catch {
    throw new AppError('NOT_FOUND');
  }
}
