import { BlockTradeSummary } from '../features/blocktrade/components/block-trade-summary';
import { NewSharesSummary } from '../features/ipo/components/new-shares-summary';
import { UnreadBadge } from '../features/messages/components/unread-badge';
import { MemberStandingCard } from '../features/members/components/member-standing-card';
import { MyRoute } from '../features/my/routes/my-route';
import { PersonCenterRoute } from '../features/my/routes/person-center-route';
import { RenderWhenNear } from '../ui/render-when-near';

/** New shares and block trades at a glance, as the personal screens show them. */
function InvestmentsSection() {
  return (
    <>
      <NewSharesSummary />
      <BlockTradeSummary />
    </>
  );
}

/** The "Me" tab as the app composes it: the my feature's screen with open issues and pending holds in it. */
export function MyScreen() {
  return <MyRoute investmentsSection={<InvestmentsSection />} messagesBadge={<UnreadBadge />} />;
}

/**
 * The room of the personal centre's new shares and block trades until they are rendered: 275 px at 390
 * and 412 px wide (three rows under two headings, measured in Chromium).
 */
const CENTRE_INVESTMENTS_HEIGHT_PX = 275;

/**
 * /personCenter as the app composes it: the same section, and credit points with the member level. The
 * section starts some 1,290 px down, below the first screenful: it (its chunks, its three lists of up
 * to 200 rows and their checks) is rendered when the investor scrolls near it, not while the first
 * screen loads (issue 17, docs/performance.md "Lighthouse", 2026-12-01).
 */
export function PersonCenterScreen() {
  return (
    <PersonCenterRoute
      investmentsSection={
        <RenderWhenNear minHeightPx={CENTRE_INVESTMENTS_HEIGHT_PX}>
          <InvestmentsSection />
        </RenderWhenNear>
      }
      standingSection={<MemberStandingCard />}
    />
  );
}
