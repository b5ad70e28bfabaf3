import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authenticationDetail, type AuthenticationDetail, type KycSubmissionInput } from '@bourse/shared/schemas/kyc';
import { rememberUserInfo, userInfoQueryOptions } from '../../../lib/api/get-user-info';
import { post } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';
import { authenticationDetailQueryOptions } from '../../../lib/api/get-authentication-detail';

/** The three fields as typed (the server normalises them) and the two photos. */
export type SubmitAuthenticationInput = KycSubmissionInput & { front: File; back: File };

/**
 * Two photos of up to 8 MB each can take longer than the usual 10 s on a mobile connection; the
 * upload gets a minute before it is given up.
 */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** POST /api/user/authentication as multipart: the three fields and the two photos. */
export function submitAuthentication(input: SubmitAuthenticationInput): Promise<AuthenticationDetail> {
  const form = new FormData();
  form.append('realName', input.realName);
  form.append('idNumber', input.idNumber);
  form.append('docType', input.docType);
  form.append('front', input.front, input.front.name);
  form.append('back', input.back, input.back.name);
  return post('/api/user/authentication', form, {
    schema: authenticationDetail,
    loading: true,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** Submits and shows the new state at once: on this screen, and as the user's status everywhere else. */
export function useSubmitAuthentication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAuthentication,
    onSuccess: (detail) => {
      queryClient.setQueryData(authenticationDetailQueryOptions().queryKey, detail);
      const user = useSessionStore.getState().userInfo;
      if (user) rememberUserInfo({ ...user, kycStatus: detail.status });
      void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
    },
  });
}
