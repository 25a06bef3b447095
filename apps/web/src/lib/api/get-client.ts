import { type ClientRecord, clientRecordSchema } from '@pinpoint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachedApiRequest } from '../api-client';

/** SPEC §7 `/api/uni/client/{id}`, kept in the local cache under that path for an hour. */
export function getClient(clientId: number): Promise<ClientRecord> {
  return cachedApiRequest(`/api/uni/client/${clientId}`, clientRecordSchema);
}

export const clientQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: ['client', clientId], queryFn: () => getClient(clientId) });

export function useClient(clientId: number) {
  return useQuery(clientQueryOptions(clientId));
}
