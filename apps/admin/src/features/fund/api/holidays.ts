import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holiday, holidayBody, holidays, type HolidayBody } from '@bourse/shared/schemas/balance';
import { request } from '../../../lib/request.ts';

export const holidaysQueryKey = ['admin', 'calendar', 'holidays'] as const;

const exchangeQuery = (exchange: string) => `?exchange=${encodeURIComponent(exchange)}`;

/** GET /api/admin/calendar/holidays?exchange=: one exchange's holidays. */
export function useHolidays(exchange: string) {
  return useQuery({
    queryKey: [...holidaysQueryKey, exchange],
    queryFn: ({ signal }) =>
      request(`/api/admin/calendar/holidays${exchangeQuery(exchange)}`, { schema: holidays, signal }),
  });
}

/** POST /api/admin/calendar/holidays: a future day becomes a holiday of an exchange. */
export function useAddHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HolidayBody) =>
      request('/api/admin/calendar/holidays', { method: 'POST', body: holidayBody.parse(input), schema: holiday }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}

/** DELETE /api/admin/calendar/holidays/:date?exchange=: a future holiday is a business day again. */
export function useRemoveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, exchange }: { date: string; exchange: string }) =>
      request(`/api/admin/calendar/holidays/${encodeURIComponent(date)}${exchangeQuery(exchange)}`, {
        method: 'DELETE',
        schema: holiday,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysQueryKey }),
  });
}
