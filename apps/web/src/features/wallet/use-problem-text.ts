import { useTranslation } from 'react-i18next';
import { useFormatAmount } from './use-format-amount';
import type { Problem } from './validation';

/** Translates a validation problem; its parameters are amounts, shown formatted. */
export function useProblemText(): (problem: Problem | null | undefined) => string | undefined {
  const { t } = useTranslation();
  const format = useFormatAmount();
  return (problem) => {
    if (!problem) return undefined;
    const params: Record<string, number | string> = {};
    for (const [name, value] of Object.entries(problem.params ?? {})) params[name] = format(value);
    return t(problem.key, params);
  };
}
