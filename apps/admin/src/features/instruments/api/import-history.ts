import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { csvInvalidDetails, importSummary, instrumentImportBody } from '@bourse/shared/schemas/market-admin';
import { ApiError, request } from '../../../lib/request.ts';
import { instrumentsQueryKey } from './get-instruments.ts';

/** A large file takes the server a while to check and store; far longer than an ordinary request. */
const IMPORT_TIMEOUT_MS = 120_000;

/** The instrument's code, and the file's name and text; `dryRun` checks and previews only. */
export type ImportRequest = { code: string } & z.infer<typeof instrumentImportBody>;

/**
 * Sends an OHLCV CSV file's text for an instrument: a dry run answers what the import would do, a
 * real one stores the bars (creating the instrument when the code is new).
 */
export function importHistory({ code, ...body }: ImportRequest) {
  return request(`/api/admin/instruments/${code}/import`, {
    method: 'POST',
    body: instrumentImportBody.parse(body),
    schema: importSummary,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

/** The problem report of a refused file, when the error is one. */
export function csvProblemsOf(error: unknown) {
  if (!(error instanceof ApiError) || error.code !== 'CSV_INVALID') return null;
  const parsed = csvInvalidDetails.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

export function useImportHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importHistory,
    // The dialog shows every outcome itself, including the refused file's report.
    meta: { errorDisplay: 'none' },
    onSuccess: (summary) => {
      if (!summary.dryRun) void queryClient.invalidateQueries({ queryKey: instrumentsQueryKey });
    },
  });
}
