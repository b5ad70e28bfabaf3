import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberUserInfo, userInfoQueryOptions } from '../../../lib/api/get-user-info';
import { post } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';

/**
 * The body of POST /api/user/tradingPassword: the new password twice, and the proof that it is the
 * user — the login password (always accepted; needed for the first one) or the current trading
 * password.
 */
export type TradingPasswordInput = { password: string; confirmPassword: string } & (
  { loginPassword: string } | { oldPassword: string }
);

export function setTradingPassword(input: TradingPasswordInput): Promise<unknown> {
  return post('/api/user/tradingPassword', input, { loading: true });
}

/** Sets or changes it; the profile then says a trading password exists, here and everywhere. */
export function useSetTradingPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTradingPassword,
    onSuccess: () => {
      const user = useSessionStore.getState().userInfo;
      if (user) rememberUserInfo({ ...user, hasTradingPassword: true });
      return queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
    },
  });
}
