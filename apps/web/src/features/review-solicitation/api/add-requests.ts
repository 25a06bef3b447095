import { type SolicitationCreate, solicitationCreatedSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { solicitationKey } from '../../../lib/solicitation-api';

/**
 * `POST …/reviewsolicitation/{productType}/{productId}/add` (SPEC §7
 * `reviewsolicitation/{a}/{b}/add`): asks the customers now or at a local time.
 */
export function useAddRequests(productId: number, productType: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SolicitationCreate) =>
      apiRequest(
        'POST',
        `/api/uni/products/reviewsolicitation/${encodeURIComponent(productType)}/${productId}/add`,
        solicitationCreatedSchema,
        { ...input },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: solicitationKey(productId) });
    },
  });
}
