import { z } from 'zod';
import { scanMetricsSchema } from './rank-grid/metrics';
import {
  SALES_REPORT_LINK_DAYS,
  salesCompetitorSchema,
  salesListingsSchema,
  salesPageSpeedSchema,
  salesRecommendationSchema,
} from './sales-tool';

/**
 * The prospect report of the sales power tool (issue 21): its signed link, the agency's
 * white-label brand, what the shared page shows and the PDF's pages.
 */

/** `POST /api/sales/containers/{id}/report-link`. */
export const salesReportLinkRequestSchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (SALES_REPORT_LINK_DAYS as readonly number[]).includes(n), {
      message: `A link lasts ${SALES_REPORT_LINK_DAYS.join(', ')} days.`,
    })
    .default(14),
});
export const salesReportLinkSchema = z.object({
  url: z.string(),
  pdfUrl: z.string(),
  expiresAt: z.string(),
});
export type SalesReportLink = z.infer<typeof salesReportLinkSchema>;

export const salesReportQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** The agency's branding on prospect reports (white label, from configuration). */
export const agencyBrandSchema = z.object({
  name: z.string(),
  /** A logo URL served by us (`/api/public/agency-logo`) or null for the name alone. */
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type AgencyBrand = z.infer<typeof agencyBrandSchema>;

/** One heatmap in the report: a grid's points with their ranks, for drawing. */
export const salesReportGridSchema = z.object({
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  finishedAt: z.string().nullable(),
  metrics: scanMetricsSchema.nullable(),
  /** Row-major, size × size; null rank = not in the results at that point. */
  ranks: z.array(z.number().int().nullable()),
  /** The businesses that lead this keyword's grid (the prospect left out), best first. */
  leaders: z.array(salesCompetitorSchema).optional(),
});
export type SalesReportGrid = z.infer<typeof salesReportGridSchema>;

/** `GET /api/public/prospect-report?token=`: what the shared report shows. */
export const salesReportSchema = z.object({
  brand: agencyBrandSchema,
  business: z.object({
    name: z.string(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    category: z.string().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().int().nullable(),
  }),
  preparedBy: z.string().nullable(),
  generatedAt: z.string(),
  expiresAt: z.string(),
  grids: z.array(salesReportGridSchema),
  competitors: z.array(salesCompetitorSchema),
  listings: salesListingsSchema.nullable(),
  pageSpeed: salesPageSpeedSchema.nullable(),
  recommendations: z.array(
    salesRecommendationSchema.pick({ title: true, body: true, kind: true, evidence: true }),
  ),
  pdfUrl: z.string(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/**
 * The prospect report PDF's pages: a cover (business, brand, scores, reviews, page speed,
 * listings score), one page per grid (its heatmap and that keyword's leaders), and a last page
 * (competitor table, listings detail, recommendations).
 */
export function salesReportPageCount(grids: number): number {
  return grids + 2;
}
