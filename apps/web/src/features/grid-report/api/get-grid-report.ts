import { GRID_REPORT_PAGE_SIZE, gridReportSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface GridReportFilter {
  from: string;
  to: string;
  tz: string;
  page: number;
}

function rangeParams(filter: Pick<GridReportFilter, 'from' | 'to' | 'tz'>) {
  return new URLSearchParams({ from: filter.from, to: filter.to, tz: filter.tz });
}

/** `GET /api/admin/grid-report`: the period's series (50 a page), movers and failures. */
export function useGridReport(filter: GridReportFilter) {
  return useQuery({
    queryKey: ['admin-grid-report', filter],
    queryFn: () => {
      const params = rangeParams(filter);
      params.set('limit', String(GRID_REPORT_PAGE_SIZE));
      params.set('offset', String((filter.page - 1) * GRID_REPORT_PAGE_SIZE));
      return apiRequest('GET', `/api/admin/grid-report?${params}`, gridReportSchema);
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * The CSV is a file: the browser downloads it straight from the API route (with the
 * session cookie), not through the JSON gateway.
 */
export function gridReportCsvHref(filter: Pick<GridReportFilter, 'from' | 'to' | 'tz'>): string {
  return `/api/admin/grid-report.csv?${rangeParams(filter)}`;
}
