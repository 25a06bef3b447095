import { z } from 'zod';

/**
 * Business-listings scans (managed-business-listings, business-listings): each directory of
 * `LISTING_DIRECTORIES` checked for the company's name, address, phone and website.
 * `GET /api/uni/products/listings/{id}` (summary), `…/listings/data/{id}` (the table and the
 * score history), `POST …/listings/{id}/rescan` and `…/listings/{id}/fix` (staff).
 */
export const LISTING_SCAN_PRODUCTS = ['managed-business-listings', 'business-listings'] as const;

export const NAP_FIELDS = ['name', 'address', 'phone', 'website'] as const;
export const napFieldSchema = z.enum(NAP_FIELDS);
export type NapField = z.infer<typeof napFieldSchema>;
export const NAP_FIELD_LABELS: Record<NapField, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  website: 'Website',
};

/**
 * A field on one directory: `match`, `mismatch` (a different value), `missing` (the
 * directory shows none), `not_compared` (Pinpoint has no value to compare with).
 */
export const napFieldStatusSchema = z.enum(['match', 'mismatch', 'missing', 'not_compared']);
export type NapFieldStatus = z.infer<typeof napFieldStatusSchema>;

/**
 * A directory's result: `found`, `not_found`, or `unavailable` (the vendor could not
 * answer for it: the page says "Listing data unavailable", never a blank row).
 */
export const LISTING_RESULT_STATUSES = ['found', 'not_found', 'unavailable'] as const;
export const listingResultStatusSchema = z.enum(LISTING_RESULT_STATUSES);
export type ListingResultStatus = z.infer<typeof listingResultStatusSchema>;

export const LISTING_DATA_UNAVAILABLE = 'Listing data unavailable';

export const napValuesSchema = z.object({
  name: z.string().nullable(),
  /** One line: "100 Main St, Suite 4, Austin, TX 78701". */
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});
export type NapValues = z.infer<typeof napValuesSchema>;

export const LISTING_FIX_STATUSES = ['pending', 'sent', 'failed'] as const;
export const listingFixSchema = z.object({
  outboxId: z.number().int(),
  status: z.enum(LISTING_FIX_STATUSES),
  fields: z.array(napFieldSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ListingFix = z.infer<typeof listingFixSchema>;

export const listingScanStateSchema = z.enum(['running', 'done', 'failed']);

export const listingScanSummarySchema = z.object({
  kind: z.literal('directory-scan'),
  productId: z.number().int(),
  companyId: z.number().int(),
  /** The latest finished scan; null before the first. */
  score: z.number().int().nullable(),
  checkedAt: z.string().nullable(),
  counts: z.object({
    directories: z.number().int(),
    found: z.number().int(),
    notFound: z.number().int(),
    mismatched: z.number().int(),
    duplicates: z.number().int(),
    unavailable: z.number().int(),
  }),
  /** A scan under way (the latest one, when it runs). */
  running: z
    .object({ scanId: z.number().int(), done: z.number().int(), total: z.number().int() })
    .nullable(),
  /** Our values every directory is compared with (the company's record in Pinpoint). */
  ours: napValuesSchema,
  canManage: z.boolean(),
});
export type ListingScanSummary = z.infer<typeof listingScanSummarySchema>;

export const LISTING_TABLE_FILTERS = [
  'all',
  'found',
  'not_found',
  'mismatch',
  'duplicate',
] as const;
export const LISTING_TABLE_PAGE_SIZE_MAX = 100;
export const listingScanDataQuerySchema = z.object({
  status: z.enum(LISTING_TABLE_FILTERS).default('all'),
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LISTING_TABLE_PAGE_SIZE_MAX).default(25),
});
export type ListingScanDataQuery = z.infer<typeof listingScanDataQuerySchema>;

export const listingScanRowSchema = z.object({
  directory: z.string(),
  name: z.string(),
  url: z.string(),
  status: listingResultStatusSchema,
  /** Where the listing is on the directory, when found. */
  listingUrl: z.string().nullable(),
  found: napValuesSchema.nullable(),
  fields: z.partialRecord(napFieldSchema, napFieldStatusSchema),
  duplicates: z.number().int(),
  /** Why the data is unavailable (the vendor's reason), when it is. */
  reason: z.string().nullable(),
  checkedAt: z.string(),
  fix: listingFixSchema.nullable(),
});
export type ListingScanRow = z.infer<typeof listingScanRowSchema>;

export const listingScorePointSchema = z.object({
  scanId: z.number().int(),
  at: z.string(),
  score: z.number().int(),
});

export const listingScanDataSchema = z.object({
  productId: z.number().int(),
  scanId: z.number().int().nullable(),
  checkedAt: z.string().nullable(),
  items: z.array(listingScanRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Finished scans, oldest first (the score over time). */
  history: z.array(listingScorePointSchema),
});
export type ListingScanData = z.infer<typeof listingScanDataSchema>;

export const listingRescanInputSchema = z.object({}).optional();
export const listingRescanResultSchema = z.object({
  scanId: z.number().int(),
  /** False when a scan was already under way: that one is answered. */
  started: z.boolean(),
  total: z.number().int(),
});

export const listingFixInputSchema = z.object({
  directory: z.string().min(1).max(64),
  fields: z.array(napFieldSchema).min(1, 'choose at least one field').max(4),
  idempotencyKey: z.string().min(8).max(100),
});
export type ListingFixInput = z.infer<typeof listingFixInputSchema>;
