import { useTranslation } from 'react-i18next';
import { useTradingFormat } from './use-trading-format';
import type { Problem } from './validation';

/**
 * Translates a ticket problem; numeric parameters are counts, shown grouped in the interface language,
 * and price parameters are shown with its decimal mark.
 */
export function useProblemText(): (problem: Problem | null | undefined) => string | undefined {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (problem) => {
    if (!problem) return undefined;
    const params: Record<string, number | string> = {};
    for (const [name, value] of Object.entries(problem.params ?? {})) {
      params[name] = typeof value === 'number' ? format.count(value) : value;
    }
    for (const [name, value] of Object.entries(problem.prices ?? {})) params[name] = format.price(value);
    return t(problem.key, params);
  };
}
