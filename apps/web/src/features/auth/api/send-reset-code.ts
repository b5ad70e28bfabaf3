import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';

/**
 * POST /api/user/forgotPassword/code: asks for a reset code by text message. The answer is the same
 * whether or not the number has an account, so it reveals nothing.
 */
export function sendResetCode(phone: string): Promise<unknown> {
  return post('/api/user/forgotPassword/code', { phone }, { withToken: false });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
