import { type SupportRequestInput, supportRequestSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SUPPORT_REQUESTS_KEY } from './get-product-support-requests';

/** `POST /api/uni/products/support/{productId}`: a new request; the lists refetch. */
export function useCreateSupportRequest(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportRequestInput) =>
      apiRequest('POST', `/api/uni/products/support/${productId}`, supportRequestSchema, {
        ...input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SUPPORT_REQUESTS_KEY] }),
  });
}
