import type { z } from 'zod';
import { userInfo, type UserInfo, type profileBody } from '@bourse/shared/schemas/auth';
import { post } from '../request';

/** The profile fields the app changes (the body also takes an e-mail address). */
export type ProfileChanges = Pick<z.input<typeof profileBody>, 'lang' | 'nickname' | 'colorConvention'>;

/**
 * POST /api/user/profile: changes the given fields and returns the updated profile. Setting fields
 * is idempotent (the last value wins), so quick successive changes skip the duplicate guard.
 */
export function updateProfile(changes: ProfileChanges): Promise<UserInfo> {
  return post('/api/user/profile', changes, { schema: userInfo, allowDuplicate: true });
}
