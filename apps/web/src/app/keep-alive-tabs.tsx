import { Suspense, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { UnreadBadge } from '../features/messages/components/unread-badge';
import { ChartIcon, HomeIcon, UserIcon } from '../ui/tab-icons';
import { PageLoading } from '../ui/page-loading';
import { RouteBoundary } from '../ui/error-boundary';
import { PaneActiveContext } from '../ui/pane-active';
import { lazyRoute } from '../lib/lazy-route';
import { paths } from '../lib/paths';

const HomeScreen = lazyRoute(() => import('./home-screen').then((m) => ({ default: m.HomeScreen })));
const MarketRoute = lazyRoute(() =>
  import('../features/market/routes/market-route').then((m) => ({ default: m.MarketRoute })),
);
const MyRoute = lazyRoute(() => import('./my-screens').then((m) => ({ default: m.MyScreen })));

interface Tab {
  path: string;
  labelKey: 'tabs.home' | 'tabs.market' | 'tabs.my';
  Icon: ComponentType;
  Screen: ComponentType;
  /** Drawn on the tab's button (the unread messages on "Me"). */
  Badge?: ComponentType;
}

const TABS: readonly Tab[] = [
  { path: paths.home.path, labelKey: 'tabs.home', Icon: HomeIcon, Screen: HomeScreen },
  { path: paths.market.path, labelKey: 'tabs.market', Icon: ChartIcon, Screen: MarketRoute },
  { path: paths.my.path, labelKey: 'tabs.my', Icon: UserIcon, Screen: MyRoute, Badge: UnreadBadge },
];

/**
 * One tab page, rendered once visited and hidden (not unmounted) when another screen is shown, so
 * its state and data survive. Each pane scrolls by itself; its position is restored when shown
 * again, because hidden elements lose theirs.
 */
function KeepAlivePane({ active, children }: { active: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);

  // A hidden pane's position is back at 0, so only a position away from the top needs restoring:
  // setting scrollTop makes the browser lay out the page there and then, inside React's commit, and
  // on a first visit (nothing to restore) that forced layout was the first screen's longest layout
  // effect (issue 17, docs/performance.md "Lighthouse").
  useLayoutEffect(() => {
    if (active && ref.current && scrollTop.current !== 0) ref.current.scrollTop = scrollTop.current;
  }, [active]);

  // Focusable, so a keyboard can scroll the pane while it holds nothing else to focus (its screen's
  // loading state: axe's scrollable-region-focusable).
  return (
    <div
      ref={ref}
      className="tab-pane"
      tabIndex={0}
      hidden={!active}
      onScroll={(event) => {
        if (active) scrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <PaneActiveContext value={active}>{children}</PaneActiveContext>
    </div>
  );
}

/** The tab pages (Home, Market, Me) with the tab bar; the whole block is hidden while another screen shows. */
export function KeepAliveTabs({ activePath }: { activePath: string | null }) {
  const { t } = useTranslation();
  const [visited, setVisited] = useState<readonly string[]>(activePath ? [activePath] : []);
  if (activePath && !visited.includes(activePath)) setVisited([...visited, activePath]);

  if (visited.length === 0) return null;
  return (
    <div className="tabs-layout" hidden={activePath === null}>
      {TABS.filter((tab) => visited.includes(tab.path)).map(({ path, Screen }) => (
        <KeepAlivePane key={path} active={path === activePath}>
          <RouteBoundary resetKey={path}>
            <Suspense fallback={<PageLoading />}>
              <Screen />
            </Suspense>
          </RouteBoundary>
        </KeepAlivePane>
      ))}
      <nav className="tab-bar">
        {TABS.map(({ path, labelKey, Icon, Badge }) => (
          <NavLink key={path} to={path} className="tab-bar-item">
            <Icon />
            <span>{t(labelKey)}</span>
            {Badge && <Badge />}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
