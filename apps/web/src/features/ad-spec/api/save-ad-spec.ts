import { type AdSpecInput, adSpecResponseSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adSpecKey } from './get-ad-spec';

/** `PUT /api/uni/products/adspec/{companyId}` (staff): 400 with field details, 409 when stale. */
export function useSaveAdSpec(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdSpecInput) =>
      apiRequest('PUT', `/api/uni/products/adspec/${companyId}`, adSpecResponseSchema, input),
    onSuccess: (data) => queryClient.setQueryData(adSpecKey(companyId), data),
  });
}
