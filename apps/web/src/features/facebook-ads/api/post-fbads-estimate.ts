import { type FbadsEstimateBody, fbadsEstimateSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/fbads/sales/info` (staff): the estimate for a monthly budget. */
export function useFbadsEstimate() {
  return useMutation({
    mutationFn: (body: FbadsEstimateBody) =>
      apiRequest('POST', '/api/fbads/sales/info', fbadsEstimateSchema, body),
  });
}
