import { type DayRange, overviewResponseSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';

/** SPEC §7 `POST /api/uni/charts/overview/{id}{query}`: KPIs for a range and the one before it. */
export function useOverviewKpis(companyId: number, range: DayRange) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: ['overview', companyId, range.from, range.to, timeZone],
    queryFn: () => {
      const params = new URLSearchParams({ from: range.from, to: range.to });
      if (timeZone) params.set('tz', timeZone);
      return apiRequest(
        'POST',
        `/api/uni/charts/overview/${companyId}?${params}`,
        overviewResponseSchema,
      );
    },
    placeholderData: keepPreviousData,
  });
}
