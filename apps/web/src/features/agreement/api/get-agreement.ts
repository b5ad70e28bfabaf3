import { queryOptions } from '@tanstack/react-query';
import { agreementResponse, type AgreementResponse } from '@bourse/shared/schemas/auth';
import type { Language } from '@bourse/shared/languages';
import { get } from '../../../lib/request';

/** GET /api/agreement?lang= (open): the user agreement in the given language. */
export function getAgreement(lang: Language, signal?: AbortSignal): Promise<AgreementResponse> {
  return get('/api/agreement', { lang }, { schema: agreementResponse, signal });
}

export const agreementQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['agreement', lang],
    queryFn: ({ signal }) => getAgreement(lang, signal),
    staleTime: 60 * 60_000,
  });
