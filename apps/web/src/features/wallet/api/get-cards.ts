import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bankCard, type BankCard } from '@bourse/shared/schemas/wallet';
import { get } from '../../../lib/request';

const bankCards = z.array(bankCard);

/** GET /api/wallet/cards: the user's bound bank accounts (IBAN masked), oldest first. */
export function getCards(signal?: AbortSignal): Promise<BankCard[]> {
  return get('/api/wallet/cards', undefined, { schema: bankCards, signal });
}

export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet', 'cards'],
    queryFn: ({ signal }) => getCards(signal),
  });

export function useCards() {
  return useQuery(cardsQueryOptions());
}
