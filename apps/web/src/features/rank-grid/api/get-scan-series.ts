import { SCAN_SERIES_MAX_LIMIT, scanSeriesSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/localrank/find/series/:id`: one page (≤ 100) of the scans of the same settings. */
export function useScanSeries(scanId: number, page: number, enabled = true) {
  const offset = (page - 1) * SCAN_SERIES_MAX_LIMIT;
  return useQuery({
    queryKey: ['rank-scan-series', scanId, page],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/localrank/find/series/${scanId}?limit=${SCAN_SERIES_MAX_LIMIT}&offset=${offset}`,
        scanSeriesSchema,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
