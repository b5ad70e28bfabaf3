import type { MemberStanding } from '@bourse/shared/schemas/members';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { displayLongDate } from '../../../ui/format-date';
import { MenuList } from '../../../ui/menu-list';
import { PageLoading } from '../../../ui/page-loading';
import { usePaneShown } from '../../../ui/pane-active';
import { QueryError } from '../../../ui/query-error';
import { StatList } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useLanguage } from '../../../ui/use-language';
import { useMemberStanding } from '../api/get-standing';
import { memberLevelName } from '@bourse/shared/schemas/members';
import '../members.css';
import { LevelProgress } from './level-progress';

/**
 * Credit points and member level in the personal centre: the figures, what they mean, how far the
 * next level is and what each level takes, and the way to the points history.
 */
export function MemberStandingCard() {
  const { t } = useTranslation();
  const standing = useMemberStanding();
  usePaneShown(() => void standing.refetch({ cancelRefetch: false }));
  return (
    <>
      <section className="member-standing" aria-labelledby="member-standing-title">
        <h2 id="member-standing-title" className="member-standing-title">
          {t('members.title')}
        </h2>
        {standing.data ? (
          <StandingBody standing={standing.data} />
        ) : standing.isError ? (
          <QueryError onRetry={() => void standing.refetch()} />
        ) : (
          <PageLoading inline className="member-standing-loading" />
        )}
      </section>
      <MenuList
        label={t('members.history')}
        items={[{ key: 'points', kind: 'link', label: t('members.history'), to: paths.creditPoints.getHref() }]}
      />
    </>
  );
}

function StandingBody({ standing }: { standing: MemberStanding }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const lang = useLanguage();
  return (
    <>
      <StatList
        items={[
          { key: 'points', label: t('members.points'), value: format.count(standing.creditPoints) },
          {
            key: 'level',
            label: t('members.level'),
            value: t('members.levelValue', { level: standing.level, name: memberLevelName(t, standing.level) }),
          },
        ]}
      />
      <p className="member-standing-meaning">{t('members.pointsMeaning')}</p>
      <p className="member-standing-meaning">{t('members.levelMeaning')}</p>
      <LevelProgress standing={standing} />
      <h3 className="member-standing-subtitle">{t('members.tiersTitle')}</h3>
      <ol className="member-tiers" aria-label={t('members.tiersTitle')}>
        {standing.tiers.map((tier) => {
          const current = tier.level === standing.level;
          return (
            <li
              key={tier.level}
              className={current ? 'member-tier member-tier-current' : 'member-tier'}
              aria-current={current ? 'true' : undefined}
            >
              <span className="member-tier-name">
                {t('members.levelValue', { level: tier.level, name: memberLevelName(t, tier.level) })}
              </span>
              <span className="member-tier-minimum">
                {t('members.tierMinimum', { amount: format.money(tier.minTotalAssets) })}
              </span>
              {current && <span className="member-tier-badge">{t('members.tierCurrent')}</span>}
            </li>
          );
        })}
      </ol>
      <p className="member-standing-reviewed">
        {standing.reviewedOn
          ? t('members.reviewedOn', { date: displayLongDate(`${standing.reviewedOn}T12:00:00Z`, lang) })
          : t('members.notReviewed')}
      </p>
    </>
  );
}
