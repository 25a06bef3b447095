import { type DayRange, lsaReportSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rangeBody } from './lsa-query';

/** `POST /api/lsa/performance/report`: leads, charged leads and spend per local day. */
export function useLsaReport(productId: number, range: DayRange, timeZone?: string) {
  return useQuery({
    queryKey: ['lsa', 'report', productId, range.from, range.to, timeZone],
    queryFn: () =>
      apiRequest(
        'POST',
        '/api/lsa/performance/report',
        lsaReportSchema,
        rangeBody(productId, range, timeZone),
      ),
    placeholderData: keepPreviousData,
  });
}
