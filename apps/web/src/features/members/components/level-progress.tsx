import { parseAmount } from '@bourse/shared/money';
import type { MemberStanding } from '@bourse/shared/schemas/members';
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { memberLevelName } from '@bourse/shared/schemas/members';

/**
 * Share (0..100, whole percent) of the way from the current level's minimum to the next one's that
 * the total assets have covered, in integer minor units.
 */
export function progressPercent(standing: MemberStanding): number {
  const next = standing.nextLevel;
  if (!next) return 100;
  const current = standing.tiers.find((tier) => tier.level === standing.level);
  const from = parseAmount(current?.minTotalAssets ?? '0') ?? 0;
  const to = parseAmount(next.minTotalAssets) ?? 0;
  const total = standing.totalAssets.startsWith('-') ? 0 : (parseAmount(standing.totalAssets) ?? 0);
  if (to <= from) return 100;
  return Math.min(100, Math.max(0, Math.floor(((total - from) * 100) / (to - from))));
}

/** How far the investor is from the next level, as a bar and a sentence (or the top level reached). */
export function LevelProgress({ standing }: { standing: MemberStanding }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const next = standing.nextLevel;
  if (!next) return <p className="member-standing-next">{t('members.topLevel')}</p>;
  const name = memberLevelName(t, next.level);
  const percent = progressPercent(standing);
  const reached = (parseAmount(next.missing) ?? 0) === 0;
  return (
    <div className="member-standing-progress">
      <div
        role="progressbar"
        aria-label={t('members.progressLabel', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
      >
        <ProgressBar percent={percent} />
      </div>
      <p className="member-standing-next">
        {reached
          ? t('members.nextLevelReached', { name })
          : t('members.nextLevel', { amount: format.money(next.missing), name })}
      </p>
    </div>
  );
}
