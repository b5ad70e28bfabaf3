import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankCard, type BankCard } from '@bourse/shared/schemas/wallet';
import { post } from '../../../lib/request';
import { cardsQueryOptions } from './get-cards';

export interface BindCardInput {
  bankName: string;
  branch: string;
  holderName: string;
  /** In electronic form, without spaces. */
  iban: string;
  agree: boolean;
}

/**
 * POST /api/wallet/cards. The server checks the IBAN, that the identity is verified and that the
 * holder is the verified person.
 */
export function bindCard(input: BindCardInput): Promise<BankCard> {
  return post('/api/wallet/cards', input, { schema: bankCard, loading: true });
}

export function useBindCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryOptions().queryKey }),
  });
}
