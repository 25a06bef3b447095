import { photoListSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const PICKER_PAGE_SIZE = 12;

/**
 * `GET /api/uni/products/googlephotos/{productId}`: the profile's live photos, a page at a
 * time, for choosing a post's picture. Asked only while the picker is open.
 */
export function useProfilePhotos(productId: number, page: number, enabled: boolean) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PICKER_PAGE_SIZE) });
  return useQuery({
    queryKey: ['photos', productId, 'picker', page],
    queryFn: () =>
      apiRequest('GET', `/api/uni/products/googlephotos/${productId}?${query}`, photoListSchema),
    placeholderData: keepPreviousData,
    enabled,
  });
}
