import { solicitationRequestDetailSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { solicitationBase, solicitationKey } from '../../../lib/solicitation-api';

/** `GET …/{productId}/requests/{requestId}`: the request, its messages and timeline. */
export function useSolicitationRequest(productId: number, requestId: number | null) {
  return useQuery({
    queryKey: [...solicitationKey(productId), 'request', requestId],
    queryFn: () =>
      apiRequest(
        'GET',
        `${solicitationBase(productId)}/requests/${requestId}`,
        solicitationRequestDetailSchema,
      ),
    enabled: requestId !== null,
  });
}
