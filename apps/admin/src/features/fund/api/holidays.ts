import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holiday, holidayBody, holidays, type HolidayBody } from '@bourse/shared/schemas/balance';
import { request } from '../../../lib/request.ts';

export const holidaysQueryKey = ['admin', 'calendar', 'holidays'] as const;

/** GET /api/admin/calendar/holidays: the business calendar's holidays. */
export function useHolidays() {
  return useQuery({
    queryKey: holidaysQueryKey,
    queryFn: ({ signal }) => request('/api/admin/calendar/holidays', { schema: holidays, signal }),
  });
}

/** POST /api/admin/calendar/holidays: a future day becomes a holiday. */
export function useAddHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HolidayBody) =>
      request('/api/admin/calendar/holidays', { method: 'POST', body: holidayBody.parse(input), schema: holiday }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}

/** DELETE /api/admin/calendar/holidays/:date: a future holiday is a business day again. */
export function useRemoveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      request(`/api/admin/calendar/holidays/${encodeURIComponent(date)}`, { method: 'DELETE', schema: holiday }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}
