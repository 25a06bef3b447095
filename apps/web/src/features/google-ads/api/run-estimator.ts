import type { EstimatorRequest } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { googleAdsReport } from './google-ads-request';

/** `estimator/calculate`: keyword ideas and a forecast (staff only); a run, not a cached read. */
export function useRunEstimator() {
  return useMutation({
    mutationFn: (body: Omit<EstimatorRequest, 'report'>) =>
      googleAdsReport('estimator/calculate', body),
  });
}
