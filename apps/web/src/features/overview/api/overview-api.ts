import { alertListSchema, type DayRange, overviewResponseSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The browser's own zone: SPEC's ranges are days in the user's local time. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

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

export const OVERVIEW_LIST_SIZE = 5;

/** The latest unread alerts; keyed under 'alerts' so marking one read refreshes this too. */
export function useOpenAlerts(companyId: number) {
  return useQuery({
    queryKey: ['alerts', 'open', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/alerts/${companyId}?${new URLSearchParams({ limit: String(OVERVIEW_LIST_SIZE), unread: 'true' })}`,
        alertListSchema,
      ),
  });
}
