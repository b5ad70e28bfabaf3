import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBody } from '@bourse/shared/schemas/auth';
import { post } from '../../../lib/request';
import { endSession } from '../../../lib/session';

export type ChangePasswordInput = z.input<typeof changePasswordBody>;

/** POST /api/user/changePassword: the server revokes every session of the user. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return post('/api/user/changePassword', input, { loading: true });
}

/** Changes the password and ends the local session, since the server has revoked it. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: () => endSession() });
}
