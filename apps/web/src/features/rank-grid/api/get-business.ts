import { clientRecordSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { cachedApiRequest } from '../../../lib/api-client';

/**
 * The scan's business (name and location, to mark it on the map), from the same cached
 * `/api/uni/client/{id}` record and query key the clients feature uses. A trial company is
 * not a client record: then there is simply no marker.
 */
export function useBusiness(companyId: number | null) {
  return useQuery({
    queryKey: ['client', companyId],
    queryFn: () => cachedApiRequest(`/api/uni/client/${companyId}`, clientRecordSchema),
    enabled: companyId !== null,
    retry: false,
    select: (record) =>
      record.latitude !== null && record.longitude !== null
        ? { name: record.name, lat: record.latitude, lng: record.longitude }
        : { name: record.name, lat: null, lng: null },
  });
}
