import { fbadsIndustryListSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/fbads/sales/industries` (staff): our verticals, with their synced campaigns. */
export function useFbadsIndustries() {
  return useQuery({
    queryKey: ['fbads', 'sales', 'industries'],
    queryFn: () => apiRequest('GET', '/api/fbads/sales/industries', fbadsIndustryListSchema),
  });
}
