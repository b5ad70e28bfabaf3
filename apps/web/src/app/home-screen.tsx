import { NewSharesSummary, refreshNewSharesSummary } from '../features/ipo/components/new-shares-summary';
import { HomeRoute } from '../features/home/routes/home-route';
import { MarketHome, refreshMarketHome } from '../features/market/components/market-home';
import { LatestNews, refreshLatestNews } from '../features/news/components/latest-news';
import { MoneySummary, refreshMoneySummary } from '../features/portfolio/components/money-summary';
import { useSessionStore } from '../lib/session-store';
import { OnboardingChecklist } from '../features/onboarding/components/onboarding-checklist';

/**
 * The home tab as the app composes it: the home feature's screen with the investor's money on top, the market's section and the
 * new shares open now (and the applications waiting for their draw) in it, and the latest news in the
 * market section's news slot.
 */
export function HomeScreen() {
  // The investor's money first (signed in only; without a session home stays as it was).
  const signedIn = useSessionStore((state) => state.token !== null);
  return (
    <HomeRoute
      portfolioSection={signedIn ? <MoneySummary /> : undefined}
      onRefreshPortfolio={signedIn ? refreshMoneySummary : undefined}
      checklistSection={<OnboardingChecklist />}
      marketSection={<MarketHome newsTeaser={<LatestNews />} />}
      onRefreshMarket={() => Promise.all([refreshMarketHome(), refreshLatestNews()])}
      newSharesSection={<NewSharesSummary />}
      onRefreshNewShares={refreshNewSharesSummary}
    />
  );
}
