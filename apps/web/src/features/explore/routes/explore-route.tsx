import type { ReactNode } from 'react';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useExploreOverview, useSectors } from '../api/get-explore';

/** A change in percent with its sign always shown, so up and down are told apart without colour. */
function usePercent() {
  const format = useDisplayFormat();
  return (value: string) => {
    const negative = value.trim().startsWith('-');
    const digits = value.replace(/^[-+]/, '');
    const zero = /^0*(\.0*)?$/.test(digits);
    return `${zero ? '' : negative ? '−' : '+'}${format.decimal(digits)} %`;
  };
}

function trendClass(value: string): string {
  if (/^[-+]?0*(\.0*)?$/.test(value.trim())) return 'explore-flat';
  return value.trim().startsWith('-') ? 'explore-down' : 'explore-up';
}

function InstrumentRows({ items, label }: { items: readonly InstrumentListItem[]; label: string }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const percent = usePercent();
  if (items.length === 0) return <p className="page-caption">{t('explore.noInstruments')}</p>;
  return (
    <ul className="explore-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.code}>
          <Link className="explore-row" to={paths.detail.getHref(item.code)}>
            <span className="explore-name">
              {item.name}
              <span className="explore-code">{item.code}</span>
            </span>
            <span className="explore-last">{format.decimal(item.last)}</span>
            <span className={`explore-change ${trendClass(item.changePct)}`}>{percent(item.changePct)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Movers() {
  const { t } = useTranslation();
  const overview = useExploreOverview();
  if (overview.isError) return <QueryError onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <PageLoading inline />;
  return (
    <>
      <section className="explore-section" aria-labelledby="explore-gainers">
        <h2 id="explore-gainers" className="card-title">
          {t('explore.gainers')}
        </h2>
        <InstrumentRows items={overview.data.gainers} label={t('explore.gainers')} />
      </section>
      <section className="explore-section" aria-labelledby="explore-losers">
        <h2 id="explore-losers" className="card-title">
          {t('explore.losers')}
        </h2>
        <InstrumentRows items={overview.data.losers} label={t('explore.losers')} />
      </section>
    </>
  );
}

function Sectors() {
  const { t } = useTranslation();
  const sectors = useSectors();
  const percent = usePercent();
  return (
    <section className="explore-section" aria-labelledby="explore-sectors">
      <h2 id="explore-sectors" className="card-title">
        {t('explore.sectors')}
      </h2>
      {sectors.isError && <QueryError onRetry={() => void sectors.refetch()} />}
      {!sectors.data && !sectors.isError && <PageLoading inline />}
      {sectors.data?.length === 0 && <p className="page-caption">{t('explore.noInstruments')}</p>}
      {sectors.data && sectors.data.length > 0 && (
        <ul className="explore-list">
          {sectors.data.map((sector) => (
            <li key={sector.sector} className="explore-sector">
              <div className="explore-row">
                <span className="explore-name">
                  {t(`market.sectors.${sector.sector}`, { defaultValue: sector.sector })}
                  <span className="explore-code">
                    {t('explore.sectorCounts', {
                      n: sector.count,
                      advancers: sector.advancers,
                      decliners: sector.decliners,
                    })}
                  </span>
                </span>
                <span className={`explore-change ${trendClass(sector.changePct)}`}>{percent(sector.changePct)}</span>
              </div>
              <Link className="explore-leader" to={paths.detail.getHref(sector.leader.code)}>
                {t('explore.leader', { name: sector.leader.name, change: percent(sector.leader.changePct) })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /explore, open without login: the day's movers, the sectors with their average change, the latest
 * news (a section composed in by the app) and, for visitors, the way to an account.
 */
export function ExploreRoute({ newsSection }: { newsSection?: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  return (
    <Page title={t('explore.title')}>
      <p className="page-caption">{t('explore.intro')}</p>
      {!loggedIn && (
        <section className="explore-cta" aria-labelledby="explore-cta">
          <h2 id="explore-cta" className="card-title">
            {t('explore.ctaTitle')}
          </h2>
          <p>{t('explore.ctaText')}</p>
          <div className="explore-cta-actions">
            <Link className="explore-button explore-button-primary" to={paths.register.getHref()}>
              {t('explore.register')}
            </Link>
            <Link className="explore-button" to={paths.login.getHref()}>
              {t('explore.login')}
            </Link>
          </div>
        </section>
      )}
      <Movers />
      <Sectors />
      {newsSection}
    </Page>
  );
}
