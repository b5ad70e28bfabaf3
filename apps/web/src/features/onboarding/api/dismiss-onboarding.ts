import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingResponse, type OnboardingResponse } from '@bourse/shared/schemas/onboarding';
import { onboardingQueryKey } from '../../../lib/api/get-onboarding';
import { post } from '../../../lib/request';

/** POST /api/user/onboarding/dismiss: the checklist is put away for good (on every device). */
export function dismissOnboarding(): Promise<OnboardingResponse> {
  return post('/api/user/onboarding/dismiss', {}, { schema: onboardingResponse });
}

export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOnboarding,
    onSuccess: (data) => queryClient.setQueryData(onboardingQueryKey, data),
  });
}
