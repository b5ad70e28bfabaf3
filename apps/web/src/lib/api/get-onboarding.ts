import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingResponse, type OnboardingResponse } from '@bourse/shared/schemas/onboarding';
import { get } from '../request';

/** GET /api/user/onboarding: the getting-started steps with their state, whether the list was put away. */
export function getOnboarding(signal?: AbortSignal): Promise<OnboardingResponse> {
  return get('/api/user/onboarding', undefined, { schema: onboardingResponse, signal });
}

export const onboardingQueryKey = ['user', 'onboarding'] as const;

export const onboardingQueryOptions = () =>
  queryOptions({
    queryKey: onboardingQueryKey,
    queryFn: ({ signal }) => getOnboarding(signal),
    // Each step is done on another screen: asked again whenever a screen showing it opens.
    staleTime: 0,
  });

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
