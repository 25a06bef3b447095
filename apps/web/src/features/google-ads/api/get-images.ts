import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { googleAdsReport } from './google-ads-request';

export const IMAGES_PAGE_SIZE = 12;

/** `assets/images`: the account's image assets, paged. */
export function useGoogleAdsImages(productId: number, page: number) {
  return useQuery({
    queryKey: ['google-ads', 'assets/images', productId, page],
    queryFn: () =>
      googleAdsReport('assets/images', { productId, page, pageSize: IMAGES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
