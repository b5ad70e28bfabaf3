import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { endSession } from '../../../lib/session';

export interface ChangePasswordInput {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/user/changePassword: the server revokes every session of the user. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return post('/api/user/changePassword', input, { loading: true });
}

/** Changes the password and ends the local session, since the server has revoked it. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: () => endSession() });
}
