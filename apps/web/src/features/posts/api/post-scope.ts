import type { PostSource } from '@pinpoint/contracts';

/** Whose posts a page shows: one product's (Google or Facebook), or a company's. */
export type PostScope =
  | { kind: 'product'; productId: number; source: PostSource }
  | { kind: 'company'; companyId: number };

const ROOT = '/api/uni/products/socialposts';

/** The product's posts path: Facebook Pro's live under `/facebook` (SPEC §7). */
export function productPostsPath(productId: number, source: PostSource): string {
  return source === 'facebook' ? `${ROOT}/facebook/${productId}` : `${ROOT}/${productId}`;
}

export function scopePath(scope: PostScope): string {
  return scope.kind === 'company'
    ? `${ROOT}/company/${scope.companyId}`
    : productPostsPath(scope.productId, scope.source);
}

export const postKeys = {
  all: ['posts'] as const,
  list: (scope: PostScope, query: string) => ['posts', 'list', scope, query] as const,
  detail: (productId: number, postId: number) => ['posts', 'detail', productId, postId] as const,
};
