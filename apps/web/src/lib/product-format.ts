import { encodeId, PRODUCT_STATUS_LABELS, type ProductStatus } from '@pinpoint/contracts';
import { useMemo } from 'react';

/** Badge colours; the label is always written too, so colour is never the only sign. */
export const PRODUCT_STATUS_BADGES: Record<ProductStatus, { bg: string; text?: 'dark' }> = {
  active: { bg: 'success' },
  paused: { bg: 'warning', text: 'dark' },
  on_hold: { bg: 'secondary' },
  cancelled: { bg: 'light', text: 'dark' },
};

export const productStatusLabel = (status: ProductStatus) => PRODUCT_STATUS_LABELS[status];

/** Encoded ids for paths, made once per list so links do not change on every render. */
export function useEncodedIds(ids: number[]): Map<number, string> {
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids are the identity of the list
  return useMemo(() => new Map(ids.map((id) => [id, encodeId(id)])), [key]);
}
