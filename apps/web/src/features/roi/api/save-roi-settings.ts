import { type RoiSettingsInput, roiSettingsViewSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { roiKey } from './get-roi';

/**
 * `PUT /api/uni/client/roi/{id}/settings` (the client's members and admins): the average
 * job value. Every range's figures of the company depend on it, so all are refetched.
 */
export function useSaveRoiSettings(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoiSettingsInput) =>
      apiRequest('PUT', `/api/uni/client/roi/${companyId}/settings`, roiSettingsViewSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roiKey(companyId) }),
  });
}
