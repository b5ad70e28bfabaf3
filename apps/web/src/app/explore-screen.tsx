import { ExploreRoute } from '../features/explore/routes/explore-route';

/** /explore composed: the market overview for visitors, with the latest news as its news section. */
export function ExploreScreen() {
  return <ExploreRoute />;
}
