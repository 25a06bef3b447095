import {
  type DayRange,
  type GoogleAdsReportOf,
  type GoogleAdsResponse,
  googleAdsResponseSchema,
} from '@pinpoint/contracts';
import { apiRequest } from '../../../lib/api-client';

type ReportName = GoogleAdsResponse['report'];

/**
 * `POST /api/googleads/` for one report: the body names the report, and the answer is read
 * with the contract's schema and must be the report asked for.
 */
export async function googleAdsReport<N extends ReportName>(
  report: N,
  body: Record<string, unknown>,
): Promise<GoogleAdsReportOf<N>> {
  const answer = await apiRequest('POST', '/api/googleads/', googleAdsResponseSchema, {
    report,
    ...body,
  });
  if (answer.report !== report) throw new Error(`The server answered ${answer.report}.`);
  return answer as GoogleAdsReportOf<N>;
}

/** The product and the range (local days of the account) every ranged report carries. */
export const rangeBody = (productId: number, range: DayRange) => ({
  productId,
  from: range.from,
  to: range.to,
});

/** Rows per page of the paged reports. */
export const GOOGLE_ADS_PAGE_SIZE = 10;
