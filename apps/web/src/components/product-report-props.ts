import type { DayRange } from '@pinpoint/contracts';

/** What every product's own report is given: the product and the range the page chose. */
export interface ProductReportProps {
  productId: number;
  slug: string;
  /** The chosen range and the one before it, as local days (DECISIONS.md "Data"). */
  range: DayRange;
  previousRange: DayRange;
  timeZone: string | undefined;
}
