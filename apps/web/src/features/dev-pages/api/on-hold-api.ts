import { type OnHoldQuery, packagesOnHoldSchema, productsOnHoldSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ON_HOLD_PAGE_SIZE = 25;

const query = (q: OnHoldQuery) =>
  new URLSearchParams({
    sort: q.sort,
    dir: q.dir,
    page: String(q.page),
    pageSize: String(q.pageSize),
  });

/** `GET /api/uni/dev/products-on-hold`: held products across the caller's clients. */
export function useProductsOnHold(q: OnHoldQuery) {
  return useQuery({
    queryKey: ['products-on-hold', q],
    queryFn: () =>
      apiRequest('GET', `/api/uni/dev/products-on-hold?${query(q)}`, productsOnHoldSchema),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/uni/dev/packages-on-hold`: client packages with held products. */
export function usePackagesOnHold(q: OnHoldQuery) {
  return useQuery({
    queryKey: ['packages-on-hold', q],
    queryFn: () =>
      apiRequest('GET', `/api/uni/dev/packages-on-hold?${query(q)}`, packagesOnHoldSchema),
    placeholderData: keepPreviousData,
  });
}
