import { appConfigSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The tile server from `GET /api/app-config` (null: maps are drawn without tiles). */
export function useMapConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: () => apiRequest('GET', '/api/app-config', appConfigSchema),
    staleTime: Number.POSITIVE_INFINITY,
    select: (config) => ({ tileUrl: config.tileUrl, attribution: config.tileAttribution }),
  });
}
