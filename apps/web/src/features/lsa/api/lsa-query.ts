import type { DayRange } from '@pinpoint/contracts';

/** The body every LSA report call carries: the product and the range in the user's zone. */
export function rangeBody(productId: number, range: DayRange, timeZone?: string) {
  return { productId, from: range.from, to: range.to, ...(timeZone && { tz: timeZone }) };
}
