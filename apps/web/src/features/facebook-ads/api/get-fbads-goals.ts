import { fbadsGoalListSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/fbads/sales/goals` (staff). */
export function useFbadsGoals() {
  return useQuery({
    queryKey: ['fbads', 'sales', 'goals'],
    queryFn: () => apiRequest('GET', '/api/fbads/sales/goals', fbadsGoalListSchema),
  });
}
