import { userInfo, type UserInfo } from '@bourse/shared/schemas/auth';
import type { Language } from '@bourse/shared/languages';
import { post } from '../request';

export interface ProfileChanges {
  lang?: Language;
  nickname?: string;
}

/**
 * POST /api/user/profile: changes the given fields and returns the updated profile. Setting fields
 * is idempotent (the last value wins), so quick successive changes skip the duplicate guard.
 */
export function updateProfile(changes: ProfileChanges): Promise<UserInfo> {
  return post('/api/user/profile', changes, { schema: userInfo, allowDuplicate: true });
}
