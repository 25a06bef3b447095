import { latestByKeywordSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The lead's newest finished scan: `GET /api/localrank/latest/keyword` answers the newest per
 * keyword, and the newest of those is the one to show. Null when there is none yet.
 */
export function useLatestTrialScan(companyId: number | null) {
  return useQuery({
    queryKey: ['trial', 'latest-scan', companyId],
    queryFn: async () => {
      const { scans } = await apiRequest(
        'GET',
        `/api/localrank/latest/keyword?companyId=${companyId}`,
        latestByKeywordSchema,
      );
      return [...scans].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
    },
    enabled: companyId !== null,
  });
}
