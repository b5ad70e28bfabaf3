import { BlockTradeSummary } from '../features/blocktrade/components/block-trade-summary';
import { NewSharesSummary } from '../features/ipo/components/new-shares-summary';
import { UnreadBadge } from '../features/messages/components/unread-badge';
import { MemberStandingCard } from '../features/members/components/member-standing-card';
import { MyRoute } from '../features/my/routes/my-route';
import { PersonCenterRoute } from '../features/my/routes/person-center-route';

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

/** /personCenter as the app composes it: the same section, and credit points with the member level. */
export function PersonCenterScreen() {
  return <PersonCenterRoute investmentsSection={<InvestmentsSection />} standingSection={<MemberStandingCard />} />;
}
