import { type DayRange, lsaPerformanceSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rangeBody } from './lsa-query';

/** `POST /api/lsa/account/performance`: the range's leads by type, status and category. */
export function useLsaPerformance(productId: number, range: DayRange, timeZone?: string) {
  return useQuery({
    queryKey: ['lsa', 'performance', productId, range.from, range.to, timeZone],
    queryFn: () =>
      apiRequest(
        'POST',
        '/api/lsa/account/performance',
        lsaPerformanceSchema,
        rangeBody(productId, range, timeZone),
      ),
    placeholderData: keepPreviousData,
  });
}
