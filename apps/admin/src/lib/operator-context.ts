import { createContext, useContext } from 'react';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';

/** The signed-in operator, provided by the session guard to every screen behind it. */
export const OperatorContext = createContext<OperatorInfo | null>(null);

export function useCurrentOperator(): OperatorInfo {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useCurrentOperator is only available behind the session guard');
  return operator;
}
