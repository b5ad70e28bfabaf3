import { NewSharesSummary, refreshNewSharesSummary } from '../features/ipo/components/new-shares-summary';
import { HomeRoute } from '../features/home/routes/home-route';
import { MarketHome, refreshMarketHome } from '../features/market/components/market-home';

/**
 * The home tab as the app composes it: the home feature's screen with the market's section and the
 * new shares open now (and the applications waiting for their draw) in it.
 */
export function HomeScreen() {
  return (
    <HomeRoute
      marketSection={<MarketHome />}
      onRefreshMarket={refreshMarketHome}
      newSharesSection={<NewSharesSummary />}
      onRefreshNewShares={refreshNewSharesSummary}
    />
  );
}
