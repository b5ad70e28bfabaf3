import { z } from 'zod';
import { kycStatus } from './auth.ts';

/** The new investor's steps from sign-up to the first trade, in the order the checklist shows them. */
export const ONBOARDING_STEPS = [
  'identity',
  'tradingPassword',
  'card',
  'deposit',
  'firstTrade',
  'firstSubscription',
] as const;
export const onboardingStepKey = z.enum(ONBOARDING_STEPS);
export type OnboardingStepKey = z.infer<typeof onboardingStepKey>;

/** One step: whether it is done; the identity step also carries the review's status. */
export const onboardingStep = z.object({
  key: onboardingStepKey,
  done: z.boolean(),
  /** The identity review's status (identity step only): none, in_review, approved, resubmit. */
  status: kycStatus.optional(),
});
export type OnboardingStep = z.infer<typeof onboardingStep>;

/** GET /api/user/onboarding: every step in order, whether the investor put the list away, whether all are done. */
export const onboardingResponse = z.object({
  steps: z.array(onboardingStep),
  dismissed: z.boolean(),
  complete: z.boolean(),
});
export type OnboardingResponse = z.infer<typeof onboardingResponse>;

/** POST /api/user/onboarding/dismiss takes an empty object. */
export const onboardingDismissBody = z.strictObject({});
