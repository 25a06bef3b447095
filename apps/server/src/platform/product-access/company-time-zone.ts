import { isValidTimeZone } from '@pinpoint/contracts';

/** Where a zone is missing or unknown to this runtime, days are counted in the company's default. */
export const FALLBACK_TIME_ZONE = 'America/New_York';

/**
 * The zone a range's days are counted in: the user's own (sent by the browser, SPEC: "ranges
 * computed in the user's local time"), else the company's, else the default.
 */
export function rangeTimeZone(requested: string | undefined, companyZone: string): string {
  if (requested) return requested;
  return isValidTimeZone(companyZone) ? companyZone : FALLBACK_TIME_ZONE;
}
