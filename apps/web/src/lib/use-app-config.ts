import { type AppConfigResponse, appConfigSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * `GET /api/app-config`, read once per tab (the operator's settings do not change while it
 * is open); `select` picks the part a component needs.
 */
export function useAppConfig<T>(select: (config: AppConfigResponse) => T) {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: () => apiRequest('GET', '/api/app-config', appConfigSchema),
    staleTime: Number.POSITIVE_INFINITY,
    select,
  });
}
