/** `/api/uni/products/googleqa/{productId}` (SPEC §7) and its action sub-paths. */
export function qaPath(productId: number, questionId?: number, action?: string): string {
  const base = `/api/uni/products/googleqa/${productId}`;
  return questionId === undefined ? base : `${base}/${questionId}/${action ?? ''}`;
}

export const qaKeys = {
  all: ['google-qa'] as const,
  list: (productId: number, query: string) => ['google-qa', 'list', productId, query] as const,
};
