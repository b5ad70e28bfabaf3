import { HomeRoute } from '../features/home/routes/home-route';
import { MarketHome, refreshMarketHome } from '../features/market/components/market-home';

/** The home tab as the app composes it: the home feature's screen with the market's section in it. */
export function HomeScreen() {
  return <HomeRoute marketSection={<MarketHome />} onRefreshMarket={refreshMarketHome} />;
}
