import { type DayRange, solicitationStatsSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { solicitationBase, solicitationKey } from '../../../lib/solicitation-api';

/** `GET …/{productId}/stats`: the range's totals and weekly conversion. */
export function useSolicitationStats(productId: number, range: DayRange, timeZone: string) {
  return useQuery({
    queryKey: [...solicitationKey(productId), 'stats', range.from, range.to, timeZone],
    queryFn: () => {
      const params = new URLSearchParams({ from: range.from, to: range.to, tz: timeZone });
      return apiRequest(
        'GET',
        `${solicitationBase(productId)}/stats?${params}`,
        solicitationStatsSchema,
      );
    },
    placeholderData: keepPreviousData,
  });
}
