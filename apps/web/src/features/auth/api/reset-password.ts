import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordBody } from '@bourse/shared/schemas/auth';
import { post } from '../../../lib/request';
import { endSession } from '../../../lib/session';

export type ResetPasswordInput = z.input<typeof forgotPasswordBody>;

/** POST /api/user/forgotPassword: sets a new password with the code sent to the phone. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return post('/api/user/forgotPassword', input, { withToken: false, loading: true });
}

/** Resets the password; any session on this device ends (the old password no longer holds). */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, onSuccess: () => endSession() });
}
