import { useQuery } from '@tanstack/react-query';
import { googleAdsReport } from './google-ads-request';

/** `info/ads`: how many ads, enabled and paused, in how many ad groups and campaigns. */
export function useGoogleAdsInfo(productId: number) {
  return useQuery({
    queryKey: ['google-ads', 'info/ads', productId],
    queryFn: () => googleAdsReport('info/ads', { productId }),
  });
}
