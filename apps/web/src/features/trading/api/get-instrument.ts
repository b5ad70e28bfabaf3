import { queryOptions, useQuery } from '@tanstack/react-query';
import { instrumentDetail, type InstrumentDetail } from '@bourse/shared/schemas/market';
import { get } from '../../../lib/request';

/** GET /api/market/instruments/:code: the instrument the ticket trades (name, lot size, quote, trading state). */
export function getInstrument(code: string, signal?: AbortSignal): Promise<InstrumentDetail> {
  return get(`/api/market/instruments/${encodeURIComponent(code)}`, undefined, { schema: instrumentDetail, signal });
}

export const instrumentQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['trading', 'instrument', code],
    queryFn: ({ signal }) => getInstrument(code, signal),
  });

export function useInstrument(code: string | null) {
  return useQuery({ ...instrumentQueryOptions(code ?? ''), enabled: code !== null });
}
