import { formatMinor } from '@bourse/shared/money';
import type { Products } from '@bourse/shared/schemas/products';
import { ppmToPercent } from '../../platform/accrual.ts';
import type { AppContext } from '../../platform/context.ts';
import { currentFundRate } from '../balance/balance.service.ts';
import { LOAN_LEVELS, loanTerms } from '../loans/loans.service.ts';
import { getSettings } from '../settings/settings.service.ts';

/**
 * The shop's window: each product's conditions as they are in force now, read through the domains
 * that own them (the settings, the fund's rate, the loan terms per member level).
 */
export async function productConditions(ctx: AppContext): Promise<Products> {
  const [settings, fund] = await Promise.all([getSettings(ctx.database.db), currentFundRate(ctx)]);
  const levels = Array.from({ length: LOAN_LEVELS }, (_, index) => loanTerms(settings, index + 1));
  const first = levels[0]!;
  return {
    shares: {
      commissionRate: settings.commissionRate,
      commissionMin: settings.commissionMin,
      transactionFeeRate: settings.transactionFeeRate,
      stampDutyRate: settings.stampDutyRate,
      tPlusOne: settings.tPlusOne === 'true',
    },
    fund,
    loans: {
      rate: ppmToPercent(first.ratePpm),
      termsDays: first.termsDays,
      limits: levels.map((terms) => ({ level: terms.level, limit: formatMinor(terms.limitMinor) })),
    },
    wallet: {
      minDeposit: settings.minDeposit,
      maxDeposit: settings.maxDeposit,
      minWithdrawal: settings.minWithdrawal,
    },
  };
}
