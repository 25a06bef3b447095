import {
  type DayRange,
  type PerformanceSource,
  performanceSeriesSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * SPEC §7 `POST /api/uni/charts/performancereport/{source}/{id}`: each shown source's days,
 * totals and previous period, one request per source (they load and fail independently).
 */
export function usePerformanceSeries(
  companyId: number,
  sources: PerformanceSource[],
  range: DayRange,
  connectionId: number | null,
) {
  return useQueries({
    queries: sources.map((source) => ({
      queryKey: ['performance-report', source, companyId, range.from, range.to, connectionId],
      queryFn: () =>
        apiRequest(
          'POST',
          `/api/uni/charts/performancereport/${source}/${companyId}`,
          performanceSeriesSchema,
          {
            from: range.from,
            to: range.to,
            ...(source === 'google' && connectionId !== null ? { connectionId } : {}),
          },
        ),
      placeholderData: keepPreviousData,
    })),
  });
}

/** The PDF's address: fetched by the browser directly (bytes, not through the JSON gateway). */
export function performancePdfUrl(
  companyId: number,
  range: DayRange,
  sources: PerformanceSource[],
  connectionId: number | null,
): string {
  const params = new URLSearchParams({
    from: range.from,
    to: range.to,
    sources: sources.join(','),
  });
  if (connectionId !== null) params.set('connectionId', String(connectionId));
  return `/api/uni/charts/performancereport/pdf/${companyId}?${params}`;
}
