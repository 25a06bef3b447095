import { seoProReportSchema, seoSyncResultSchema } from '@pinpoint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/uni/products/seo/{productId}/report`: positions and ranking pages (staff, dev hosts). */
export function useSeoProReport(productId: number, days: number) {
  return useQuery({
    queryKey: ['seo-pro', productId, days],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/products/seo/${productId}/report?days=${days}`,
        seoProReportSchema,
      ),
  });
}

/** `POST …/sync`: pulls fresh positions from the SEO provider, then rereads the report. */
export function useSeoProSync(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/uni/products/seo/${productId}/sync`, seoSyncResultSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ['seo-pro', productId] }),
  });
}
