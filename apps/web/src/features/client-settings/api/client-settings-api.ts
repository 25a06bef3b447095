import { type ClientSettings, clientSettingsViewSchema } from '@pinpoint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const key = (companyId: number) => ['client-settings', companyId] as const;

/** `GET /api/uni/client/{id}/settings`. */
export function useClientSettings(companyId: number) {
  return useQuery({
    queryKey: key(companyId),
    queryFn: () =>
      apiRequest('GET', `/api/uni/client/${companyId}/settings`, clientSettingsViewSchema),
  });
}

/** `PUT /api/uni/client/{id}/settings` (the client's own people and admins). */
export function useSaveClientSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ClientSettings) =>
      apiRequest(
        'PUT',
        `/api/uni/client/${companyId}/settings`,
        clientSettingsViewSchema,
        settings,
      ),
    onSuccess: (saved) => queryClient.setQueryData(key(companyId), saved),
  });
}
