import {
  type DayRange,
  websiteApiOfSlug,
  websiteSiteResultSchema,
  websiteUptimeReportSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

export const WEBSITE_UPTIME_KEY = 'website-uptime';

/** `POST /api/uni/products/{api}/{productId}/uptime`: status, strip, response times, incidents. */
export function useWebsiteUptime(productId: number, slug: string, range: DayRange) {
  const api = websiteApiOfSlug(slug) ?? 'website';
  return useQuery({
    queryKey: [WEBSITE_UPTIME_KEY, productId, range.from, range.to],
    queryFn: () =>
      apiRequest(
        'POST',
        `/api/uni/products/${api}/${productId}/uptime`,
        websiteUptimeReportSchema,
        { from: range.from, to: range.to },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Refetches the product's uptime when the server says its site was checked or changed. */
export function useWebsiteEvents(productId: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('website.checked', (event) => {
    if (event.productId !== productId) return;
    void queryClient.invalidateQueries({ queryKey: [WEBSITE_UPTIME_KEY, productId] });
  });
}

function useSiteMutation<Input>(productId: number, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WEBSITE_UPTIME_KEY, productId] }),
  });
}

const staffUrl = (productId: number, action: string) =>
  `/api/uni/products/website/${productId}/${action}`;

/** Staff: check the site now. */
export function useCheckNow(productId: number) {
  return useSiteMutation(productId, () =>
    apiRequest('POST', staffUrl(productId, 'check'), websiteSiteResultSchema, {}),
  );
}

/** Staff: take the demo site down or bring it back. */
export function useSetDemoDown(productId: number) {
  return useSiteMutation(productId, (down: boolean) =>
    apiRequest('POST', staffUrl(productId, 'demo-site'), websiteSiteResultSchema, { down }),
  );
}

/** Staff: point the product at another site URL. */
export function useSetSiteUrl(productId: number) {
  return useSiteMutation(productId, (url: string) =>
    apiRequest('PUT', staffUrl(productId, 'site'), websiteSiteResultSchema, { url }),
  );
}
