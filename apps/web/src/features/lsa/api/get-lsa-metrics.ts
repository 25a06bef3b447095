import { type DayRange, lsaMetricsSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rangeBody } from './lsa-query';

/** `POST /api/lsa/account/metrics`: leads, charged leads, spend and cost per lead of a range. */
export function useLsaMetrics(productId: number, range: DayRange, timeZone?: string) {
  return useQuery({
    queryKey: ['lsa', 'metrics', productId, range.from, range.to, timeZone],
    queryFn: () =>
      apiRequest(
        'POST',
        '/api/lsa/account/metrics',
        lsaMetricsSchema,
        rangeBody(productId, range, timeZone),
      ),
    placeholderData: keepPreviousData,
  });
}
