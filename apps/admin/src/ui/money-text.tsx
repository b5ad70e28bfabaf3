import { useTranslation } from 'react-i18next';
import { formatMoney } from '@bourse/shared/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@bourse/shared/languages';
import { useDeploymentCurrency } from '../lib/deployment-currency.ts';

/**
 * An amount from the API (a decimal string such as "1234.50", never a float), in the console's
 * language and the deployment's currency.
 */
export function MoneyText({ amount, strong = false }: { amount: string; strong?: boolean }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const currency = useDeploymentCurrency();
  let text: string;
  try {
    text = formatMoney(amount, { lang: language, currency });
  } catch {
    // Not a decimal string: show it as received rather than break the screen.
    text = amount;
  }
  return strong ? <strong className="money">{text}</strong> : <span className="money">{text}</span>;
}
