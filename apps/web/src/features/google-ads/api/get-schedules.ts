import { useQuery } from '@tanstack/react-query';
import { googleAdsReport } from './google-ads-request';

/** `campaigns/schedules`: each campaign's ad schedule (days and hours it serves). */
export function useGoogleAdsSchedules(productId: number) {
  return useQuery({
    queryKey: ['google-ads', 'campaigns/schedules', productId],
    queryFn: () => googleAdsReport('campaigns/schedules', { productId }),
  });
}
