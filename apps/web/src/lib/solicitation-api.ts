import { solicitationTemplateListSchema } from '@pinpoint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * What the three review-request features share (the page and history, the templates panel,
 * the bulk upload): one API base, one cache key per product, and the one templates query,
 * so a template saved in the panel shows at once in the send form and the bulk upload.
 */

/** The page's API base (SPEC §7 `reviewsolicitation/{id}{suffix}`), through the gateway. */
export const solicitationBase = (productId: number) =>
  `/api/uni/products/reviewsolicitation/${productId}`;

/** Every answer about one product's requests is under this key (realtime refreshes it). */
export const solicitationKey = (productId: number) => ['review-solicitation', productId] as const;

/** Every templates answer of a product is under this key. */
export const templatesKey = (productId: number) => ['solicitation-templates', productId] as const;

export const templatesPath = (productId: number) => `${solicitationBase(productId)}/templates`;

/** `GET …/reviewsolicitation/{productId}/templates`: the agency defaults and the company's own. */
export function templatesQuery(productId: number) {
  return queryOptions({
    queryKey: templatesKey(productId),
    queryFn: () => apiRequest('GET', templatesPath(productId), solicitationTemplateListSchema),
  });
}

export function useTemplates(productId: number) {
  return useQuery(templatesQuery(productId));
}
