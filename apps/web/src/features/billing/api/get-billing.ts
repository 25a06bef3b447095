import { BILLING_PAGE_SIZE, billingOverviewSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every billing query of a company starts with this key: invalidate it after a payment. */
export const billingKey = (companyId: number) => ['billing', companyId] as const;

/**
 * SPEC §7 `GET /api/uni/client/billing/{id}`: a page of invoices (newest first), the overdue
 * total, the method on file, recent payments and the products' prices.
 */
export function useBilling(companyId: number, page: number, pageSize = BILLING_PAGE_SIZE) {
  return useQuery({
    queryKey: [...billingKey(companyId), 'overview', { page, pageSize }],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/client/billing/${companyId}?${new URLSearchParams({
          page: String(page),
          pageSize: String(pageSize),
        })}`,
        billingOverviewSchema,
      ),
    placeholderData: keepPreviousData,
  });
}
