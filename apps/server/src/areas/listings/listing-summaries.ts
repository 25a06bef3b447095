import type { ListingScanSummary } from '@pinpoint/contracts';
import type { Principal } from '../../kernel/lib/access-policy';

/**
 * An area whose products answer on the listing's path (`GET /api/uni/products/listings/{id}`):
 * the listings products' directory scans (areas/listing-scans) share the path SPEC §7 gives
 * the Google listing. That area needs this one and hands itself over when it registers, so
 * listings never imports it.
 */
export interface ListingSummaryAnswerer {
  owns(productId: number): Promise<boolean>;
  summary(principal: Principal, productId: number): Promise<ListingScanSummary>;
}

export interface ListingSummaries {
  /** Adds an area that answers for the products it owns. */
  answerWith(answerer: ListingSummaryAnswerer): void;
  /** The area that owns this product, or null: the Google listing answers. */
  answererOf(productId: number): Promise<ListingSummaryAnswerer | null>;
}

export function createListingSummaries(): ListingSummaries {
  const answerers: ListingSummaryAnswerer[] = [];
  return {
    answerWith: (answerer) => {
      answerers.push(answerer);
    },
    answererOf: async (productId) => {
      for (const answerer of answerers) if (await answerer.owns(productId)) return answerer;
      return null;
    },
  };
}
