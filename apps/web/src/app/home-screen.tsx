import { NewSharesSummary, refreshNewSharesSummary } from '../features/ipo/components/new-shares-summary';
import { HomeRoute } from '../features/home/routes/home-route';
import { MarketHome, refreshMarketHome } from '../features/market/components/market-home';
import { LatestNews, refreshLatestNews } from '../features/news/components/latest-news';
import { OnboardingChecklist } from '../features/onboarding/components/onboarding-checklist';

/**
 * The home tab as the app composes it: the home feature's screen with the market's section and the
 * new shares open now (and the applications waiting for their draw) in it, and the latest news in the
 * market section's news slot.
 */
export function HomeScreen() {
  return (
    <HomeRoute
      checklistSection={<OnboardingChecklist />}
      marketSection={<MarketHome newsTeaser={<LatestNews />} />}
      onRefreshMarket={() => Promise.all([refreshMarketHome(), refreshLatestNews()])}
      newSharesSection={<NewSharesSummary />}
      onRefreshNewShares={refreshNewSharesSummary}
    />
  );
}
