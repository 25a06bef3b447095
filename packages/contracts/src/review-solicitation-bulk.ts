import { z } from 'zod';
import { localDateTimeSchema } from './posts';
import { sendTypeSchema } from './review-solicitation';

/**
 * Bulk CSV review requests (issue 20): upload → column mapping with a preview → every row
 * checked (line numbers, duplicates, opt-outs, the 30-day rule) → one confirmation sends
 * the whole batch. Nothing is sent before it. No libphonenumber here (the server checks
 * phone numbers); this file only describes the answers.
 */
/** The largest CSV text accepted (10,000 rows of a few columns fit easily). */
export const BULK_MAX_CHARS = 5 * 1024 * 1024;
/** Problem rows per page of the report. */
export const BULK_PROBLEMS_PAGE_SIZE = 50;
/** Rows shown in the mapping step's preview table. */
export const BULK_PREVIEW_ROWS = 5;

/** The contact fields a CSV column can fill. */
export const BULK_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'timeZone'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];
export const BULK_FIELD_LABELS: Record<BulkField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  timeZone: 'Time zone',
};

/**
 * A row's state once checked: ok (will be asked), invalid, duplicate (an earlier line of
 * the file has the same phone or email), opted-out, recent (asked in the last 30 days).
 * 'pending': uploaded, not mapped yet.
 */
export const BULK_ROW_STATES = [
  'ok',
  'invalid',
  'duplicate',
  'opted-out',
  'recent',
  'pending',
] as const;
export const bulkRowStateSchema = z.enum(BULK_ROW_STATES);
export type BulkRowState = z.infer<typeof bulkRowStateSchema>;
export const BULK_ROW_STATE_LABELS: Record<BulkRowState, string> = {
  ok: 'Ready',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  'opted-out': 'Opted out',
  recent: 'Asked recently',
  pending: 'Not checked',
};

export const BULK_BATCH_STATUSES = ['draft', 'confirmed', 'cancelled'] as const;
export type BulkBatchStatus = (typeof BULK_BATCH_STATUSES)[number];

/** `POST …/reviewsolicitation/{productId}/bulk`: the file's text, read in the browser. */
export const bulkUploadSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'Choose a CSV file.')
    .max(255, 'The file name is too long.')
    .refine((name) => /\.(csv|txt)$/i.test(name), 'Choose a .csv file (comma-separated values).'),
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(BULK_MAX_CHARS, 'The file is larger than 5 MB; split it into smaller files.'),
});
export type BulkUpload = z.input<typeof bulkUploadSchema>;

/** Field → the CSV header it is read from (null or absent: not in the file). */
export const bulkMappingSchema = z.object({
  firstName: z.string().min(1, 'Choose the column with the first name.'),
  lastName: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
  email: z.string().nullable().default(null),
  timeZone: z.string().nullable().default(null),
});
export type BulkMapping = z.output<typeof bulkMappingSchema>;

/** `PUT …/bulk/{batchId}/mapping`: the columns, and how the customers will be asked. */
export const bulkMappingInputSchema = z.object({
  mapping: bulkMappingSchema,
  sendType: sendTypeSchema,
});
export type BulkMappingInput = z.input<typeof bulkMappingInputSchema>;

export const bulkParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
  batchId: z.coerce.number().int().positive(),
});

/** `GET …/bulk/{batchId}?page=&state=`: a page of the problem rows (all of them, or one state). */
export const bulkReportQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  state: bulkRowStateSchema.exclude(['ok', 'pending']).optional(),
});

export const bulkRowSchema = z.object({
  /** The physical line of the file where the row starts (the header is line 1). */
  line: z.number().int(),
  state: bulkRowStateSchema,
  problems: z.array(z.string()),
  /** The mapped values as written in the file. */
  values: z.record(z.string(), z.string()),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const bulkCountsSchema = z.object({
  ok: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  'opted-out': z.number().int(),
  recent: z.number().int(),
});
export type BulkCounts = z.infer<typeof bulkCountsSchema>;

export const bulkResultSchema = z.object({
  created: z.number().int(),
  refused: z.number().int(),
  /** The first refusals, with their lines (each names the rule). */
  refusals: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** A batch as every bulk route answers it. */
export const bulkBatchSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(BULK_BATCH_STATUSES),
  rowCount: z.number().int(),
  headers: z.array(z.string()),
  /** What the upload guessed from the header names; the mapping step starts from it. */
  suggestedMapping: bulkMappingSchema,
  /** The mapping the rows were checked with; null until then. */
  mapping: bulkMappingSchema.nullable(),
  sendType: sendTypeSchema.nullable(),
  /** The first rows, as written, in header order. */
  preview: z.array(z.array(z.string())),
  /** Per state, once checked. */
  counts: bulkCountsSchema.nullable(),
  problems: z.object({
    rows: z.array(bulkRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
  /** After the confirmation. */
  result: bulkResultSchema.nullable(),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

/** `POST …/bulk/{batchId}/confirm`: the one step that sends. */
export const bulkConfirmSchema = z.object({
  templateId: z.coerce.number({ error: 'Choose a template.' }).int().positive('Choose a template.'),
  sendType: sendTypeSchema,
  /** Null: now (still within each recipient's sending hours). A local time in the company's zone. */
  scheduledFor: localDateTimeSchema.nullable().default(null),
  consent: z.literal(true, { error: 'Confirm that each customer agreed to be contacted.' }),
});
export type BulkConfirm = z.input<typeof bulkConfirmSchema>;
