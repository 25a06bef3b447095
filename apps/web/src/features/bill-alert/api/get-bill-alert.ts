import { billAlertSchema } from '@pinpoint/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

/**
 * Under `['billing', companyId]`, so whatever invalidates a company's billing (a payment,
 * the billing page's own refetches) refreshes the alert too.
 */
export const billAlertKey = (companyId: number) => ['billing', companyId, 'alert'] as const;

/** `GET /api/uni/client/billing/{id}/alert`: the company's overdue invoices, counted. */
export const billAlertQuery = (companyId: number) =>
  queryOptions({
    queryKey: billAlertKey(companyId),
    queryFn: () => apiRequest('GET', `/api/uni/client/billing/${companyId}/alert`, billAlertSchema),
  });

/** The company's bill alert (the badge and the banner share one query). */
export function useBillAlert(companyId: number) {
  return useQuery(billAlertQuery(companyId));
}

/**
 * Keeps the bill alert current without refetching on window focus (SPEC §9): a
 * `billing.changed` event for the company refetches its billing at once, and moving to
 * another page refetches the alert when it is older than the default stale time. Used
 * once, by the top bar's badge, which is there whenever a company is selected.
 */
export function useBillAlertFreshness(companyId: number) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useRealtimeEvent('billing.changed', (event) => {
    if (event.companyId === companyId) {
      void queryClient.invalidateQueries({ queryKey: ['billing', companyId] });
    }
  });
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    void queryClient.refetchQueries({ queryKey: billAlertKey(companyId), stale: true });
  }, [pathname, companyId, queryClient]);
}
