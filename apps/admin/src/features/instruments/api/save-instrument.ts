import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  instrumentInput,
  instrumentPatch,
  type InstrumentInput,
  type InstrumentPatch,
} from '@bourse/shared/schemas/market';
import { adminInstrumentDetail } from '@bourse/shared/schemas/market-admin';
import { request } from '../../../lib/request.ts';
import { instrumentsQueryKey } from './get-instruments.ts';

/** Creates a simulated instrument; the server starts pricing it from `startPrice`. */
export function createInstrument(input: InstrumentInput) {
  return request('/api/admin/instruments', {
    method: 'POST',
    body: instrumentInput.parse(input),
    schema: adminInstrumentDetail,
  });
}

/** Changes the named fields of an instrument (only those, so the audit line lists exactly them). */
export function updateInstrument({ code, patch }: { code: string; patch: InstrumentPatch }) {
  return request(`/api/admin/instruments/${code}`, {
    method: 'PUT',
    body: instrumentPatch.parse(patch),
    schema: adminInstrumentDetail,
  });
}

export function useCreateInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstrument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instrumentsQueryKey }),
  });
}

export function useUpdateInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstrument,
    // Refreshed after a refusal too: a conflict means someone else changed the instrument first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: instrumentsQueryKey }),
  });
}
