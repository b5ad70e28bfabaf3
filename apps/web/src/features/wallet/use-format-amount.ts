import { formatMoney } from '@bourse/shared/format';
import { useSessionStore } from '../../lib/session-store';
import { useLanguage } from '../../ui/use-language';

/**
 * Formats a wire amount ("10.00") for text such as hints and messages, in the interface language
 * and the deployment's currency (MoneyText does the same for amounts shown on their own).
 */
export function useFormatAmount(): (amount: string) => string {
  const lang = useLanguage();
  const currency = useSessionStore((state) => state.config?.currency);
  return (amount) => {
    try {
      return formatMoney(amount, { lang, currency });
    } catch {
      return amount;
    }
  };
}

/** The deployment's minimums and currency, from the configuration the guard loaded. */
export function useWalletConfig() {
  const config = useSessionStore((state) => state.config);
  return {
    currency: config?.currency ?? '',
    minDeposit: config?.minDeposit,
    minTransfer: config?.minTransfer,
    minWithdrawal: config?.minWithdrawal,
    withdrawalFee: config?.withdrawalFee,
  };
}
