/**
 * Whose reviews a page shows: one product instance's, or every product of a company. Both
 * answer in the same shapes, under different paths (SPEC §7 `reviews/{id}`).
 */
export type ReviewScope =
  | { kind: 'product'; productId: number }
  | { kind: 'company'; companyId: number };

export function scopePath(scope: ReviewScope): string {
  return scope.kind === 'product'
    ? `/api/uni/products/reviews/${scope.productId}`
    : `/api/uni/products/reviews/company/${scope.companyId}`;
}

/**
 * Query keys, all under 'reviews', so one invalidation (a reply sent, new reviews synced)
 * refreshes every list, summary and detail on screen.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (scope: ReviewScope, query: string) => ['reviews', 'list', scope, query] as const,
  summary: (scope: ReviewScope, query: string) => ['reviews', 'summary', scope, query] as const,
  detail: (productId: number, reviewId: number) =>
    ['reviews', 'detail', productId, reviewId] as const,
};
