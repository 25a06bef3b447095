import { performanceSourcesSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/uni/charts/performancereport/sources/{id}`: the sources the company has, and not. */
export function usePerformanceSources(companyId: number) {
  return useQuery({
    queryKey: ['performance-report', 'sources', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/charts/performancereport/sources/${companyId}`,
        performanceSourcesSchema,
      ),
  });
}
