import { type DayRange, roiResponseSchema } from '@pinpoint/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';

/** Every ROI answer of a company is under this key (the settings mutation refreshes them). */
export const roiKey = (companyId: number) => ['roi', companyId] as const;

/** `GET /api/uni/client/roi/{id}?from&to&tz`: the range's figures, by month and channel. */
export function roiQuery(companyId: number, range: DayRange) {
  const timeZone = browserTimeZone();
  return queryOptions({
    queryKey: [...roiKey(companyId), range.from, range.to, timeZone],
    queryFn: () => {
      const params = new URLSearchParams({ from: range.from, to: range.to });
      if (timeZone) params.set('tz', timeZone);
      return apiRequest('GET', `/api/uni/client/roi/${companyId}?${params}`, roiResponseSchema);
    },
    placeholderData: keepPreviousData,
  });
}

export function useRoi(companyId: number, range: DayRange) {
  return useQuery(roiQuery(companyId, range));
}
