import { type SupportReplyInput, supportRequestSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SUPPORT_REQUESTS_KEY } from './get-product-support-requests';

/** `POST /api/support-requests/{requestId}`: staff reply, close or reopen; lists refetch. */
export function useAnswerSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, ...input }: SupportReplyInput & { requestId: number }) =>
      apiRequest('POST', `/api/support-requests/${requestId}`, supportRequestSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SUPPORT_REQUESTS_KEY] }),
  });
}
