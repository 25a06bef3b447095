import { socialCalendarSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/uni/dev/social-calendar/{companyId}?month=`: a month of scheduled and published posts. */
export function useSocialCalendar(companyId: number | null, month: string) {
  return useQuery({
    queryKey: ['social-calendar', companyId, month],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/dev/social-calendar/${companyId}?month=${month}`,
        socialCalendarSchema,
      ),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}
