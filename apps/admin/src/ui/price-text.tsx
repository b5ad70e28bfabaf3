import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@bourse/shared/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@bourse/shared/languages';

/** A price from the API (a decimal string with up to 4 decimals) in the console's language. */
export function PriceText({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  if (value === null) return <>—</>;
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  let text: string;
  try {
    text = formatDecimal(value, { lang: language });
  } catch {
    text = value;
  }
  return <span className="money">{text}</span>;
}
