import { solicitationSummarySchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { solicitationBase, solicitationKey } from '../../../lib/solicitation-api';

/** `GET …/reviewsolicitation/{productId}`: product, company, review link, transports. */
export function useSolicitationSummary(productId: number) {
  return useQuery({
    queryKey: [...solicitationKey(productId), 'summary'],
    queryFn: () => apiRequest('GET', solicitationBase(productId), solicitationSummarySchema),
    staleTime: 5 * 60_000,
  });
}
