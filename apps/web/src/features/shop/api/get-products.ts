import { queryOptions, useQuery } from '@tanstack/react-query';
import { products } from '@bourse/shared/schemas/products';
import { get } from '../../../lib/request';

/** GET /api/products (open): each product's conditions as they are in force. */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => get('/api/products', undefined, { schema: products, signal }),
    staleTime: 60_000,
  });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
