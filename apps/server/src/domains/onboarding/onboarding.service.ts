import { ONBOARDING_STEPS, type OnboardingResponse, type OnboardingStep } from '@bourse/shared/schemas/onboarding';
import type { AppContext } from '../../platform/context.ts';
import { hasSubscribed } from '../ipo/ipo.service.ts';
import { getAuthenticationDetail } from '../kyc/kyc.service.ts';
import { hasTraded } from '../trading/trading.service.ts';
import { dismissOnboarding, getUserInfo, onboardingDismissedAt } from '../users/users.service.ts';
import { activeCards } from '../wallet/cards.service.ts';
import { hasPaidIn } from '../wallet/wallet.service.ts';

/**
 * The getting-started checklist (issue 16): each step's state read from the domain that owns it —
 * the identity review (kyc), the trading password (users), a bound card and money paid in (wallet),
 * a filled order (trading), a subscription to a new issue (ipo). This domain keeps no table of its
 * own; the dismissal is a mark on the investor's row (users).
 */
export async function getOnboarding(ctx: AppContext, userId: number): Promise<OnboardingResponse> {
  const db = ctx.database.db;
  const [identity, info, cards, paidIn, traded, subscribed, dismissedAt] = await Promise.all([
    getAuthenticationDetail(ctx, userId),
    getUserInfo(ctx, userId),
    activeCards(db, userId),
    hasPaidIn(db, userId),
    hasTraded(db, userId),
    hasSubscribed(db, userId),
    onboardingDismissedAt(db, userId),
  ]);
  const done: Record<(typeof ONBOARDING_STEPS)[number], boolean> = {
    identity: identity.status === 'approved',
    tradingPassword: info.hasTradingPassword,
    card: cards.length > 0,
    deposit: paidIn,
    firstTrade: traded,
    firstSubscription: subscribed,
  };
  const steps: OnboardingStep[] = ONBOARDING_STEPS.map((key) =>
    key === 'identity' ? { key, done: done[key], status: identity.status } : { key, done: done[key] },
  );
  return { steps, dismissed: dismissedAt !== null, complete: steps.every((step) => step.done) };
}

/** Puts the checklist away for the investor (kept across sessions and devices). */
export async function dismiss(ctx: AppContext, userId: number): Promise<OnboardingResponse> {
  await dismissOnboarding(ctx.database.db, userId, ctx.clock.nowMs());
  return getOnboarding(ctx, userId);
}
