import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bankCard, type BankCard, type bindCardBody } from '@bourse/shared/schemas/wallet';
import { post } from '../../../lib/request';
import { cardsQueryOptions } from './get-cards';

/** The card's details; the IBAN in electronic form, without spaces. */
export type BindCardInput = z.input<typeof bindCardBody>;

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
