import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';

/**
 * QR codes (SPEC §2 `/dashboard/products/{product_name}/qr-codes/{product_id}`): codes of
 * ours, whose printed image encodes our short redirect `/q/{code}`, and codes on the
 * vendor's side (Uniqode/Beaconstac, `/api/beaconstac/…`), synced into our tables.
 */
export const QR_NAME_MAX = 80;
export const QR_TARGET_MAX = 2048;
/** The redirect's path prefix; the code after it is 10 URL-safe random characters. */
export const QR_REDIRECT_PREFIX = '/q/';
export const QR_CODE_PATTERN = /^[A-Za-z0-9_-]{10}$/;

/** WHATWG URL, in browsers and Node alike; the contracts compile without either's types. */
declare const URL: new (
  input: string,
) => Record<'protocol' | 'hostname' | 'username' | 'password', string>;

/**
 * Why a target address is refused, or null when it is fine: http(s) only (no
 * `javascript:`, `data:`, `file:`…), a host, no user name or password in it, and at most
 * QR_TARGET_MAX characters. The server checks it again at every redirect.
 */
export function qrTargetProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return 'Enter the web address the code should open.';
  if (text.length > QR_TARGET_MAX) {
    return `The address is too long (at most ${QR_TARGET_MAX} characters).`;
  }
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full web address, starting with https:// or http://.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'Only web addresses (https:// or http://) can be used.';
  }
  if (!url.hostname) return 'The address needs a host name, such as example.com.';
  if (url.username || url.password) {
    return 'The address must not contain a user name or password.';
  }
  return null;
}

export const qrTargetUrlSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = qrTargetProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const qrNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the code a name.')
  .max(QR_NAME_MAX, `The name is too long (at most ${QR_NAME_MAX} characters).`);

export const qrCodeInputSchema = z.strictObject({
  name: qrNameSchema,
  targetUrl: qrTargetUrlSchema,
});
export type QrCodeInput = z.input<typeof qrCodeInputSchema>;

export const qrCodeUpdateSchema = z
  .strictObject({ name: qrNameSchema.optional(), targetUrl: qrTargetUrlSchema.optional() })
  .refine((v) => v.name !== undefined || v.targetUrl !== undefined, 'Nothing to change.');
export type QrCodeUpdate = z.input<typeof qrCodeUpdateSchema>;

export const QR_STATUSES = ['active', 'archived'] as const;
export const qrStatusSchema = z.enum(QR_STATUSES);

export const qrCodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  targetUrl: z.string(),
  code: z.string(),
  /** What the printed code encodes. */
  redirectUrl: z.string(),
  status: qrStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  scans: z.number().int(),
  lastScanAt: z.string().nullable(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

export const QR_PAGE_SIZE = 20;
export const qrListQuerySchema = z.strictObject({
  status: qrStatusSchema.default('active'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const qrCodeListSchema = z.object({
  items: z.array(qrCodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether the caller may create, edit, archive and delete codes here. */
  canEdit: z.boolean(),
});
export type QrCodeList = z.infer<typeof qrCodeListSchema>;

export const QR_SOURCES = ['all', 'ours', 'vendor'] as const;

const rangeFields = {
  from: calendarDaySchema,
  to: calendarDaySchema,
  tz: timeZoneSchema.optional(),
};

/** Analytics of a product's codes: all of them, ours only, the vendor's only, or one code. */
export const qrAnalyticsRequestSchema = z
  .strictObject({
    ...rangeFields,
    source: z.enum(QR_SOURCES).default('all'),
    /** One code: ours by id (source 'ours') or the vendor's by our row id (source 'vendor'). */
    codeId: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine(refineDayRange);
export type QrAnalyticsRequest = z.input<typeof qrAnalyticsRequestSchema>;

export const qrBreakdownSchema = z.array(z.object({ label: z.string(), scans: z.number().int() }));
export type QrBreakdown = z.infer<typeof qrBreakdownSchema>;

export const qrLocationsSchema = z.array(
  z.object({
    label: z.string(),
    scans: z.number().int(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
);

export const qrAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every local day of the range: scans and unique visitors (unique per day). */
  days: z.array(z.object({ day: z.string(), scans: z.number().int(), visitors: z.number().int() })),
  totals: z.object({ scans: z.number().int(), visitors: z.number().int() }),
  os: qrBreakdownSchema,
  browsers: qrBreakdownSchema,
  devices: qrBreakdownSchema,
  cities: qrBreakdownSchema,
  locations: qrLocationsSchema,
  /** When the vendor's figures were last synced (null: no vendor connection). */
  vendorSyncedAt: z.string().nullable(),
});
export type QrAnalytics = z.infer<typeof qrAnalyticsSchema>;

// ── Vendor side (`/api/beaconstac/…`) ─────────────────────────────────────────────

export const bstacRangeQuerySchema = z
  .strictObject({
    ...rangeFields,
    /** One vendor code (our row id); all of the organisation's codes when absent. */
    code: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine(refineDayRange);

export const bstacAccountSchema = z.object({
  connected: z.boolean(),
  /** The organisation id at the vendor. */
  organisation: z.string().nullable(),
  status: z.enum(['connected', 'needs_attention', 'disconnected']).nullable(),
  lastSyncedAt: z.string().nullable(),
  codes: z.number().int(),
});
export type BstacAccount = z.infer<typeof bstacAccountSchema>;

export const bstacClientSchema = z.object({
  companyId: z.number().int(),
  organisations: z.array(bstacAccountSchema),
});

export const bstacQrCodeSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  name: z.string(),
  shortUrl: z.string(),
  targetUrl: z.string().nullable(),
  state: z.string(),
  updatedAt: z.string(),
  syncedAt: z.string(),
});
export type BstacQrCode = z.infer<typeof bstacQrCodeSchema>;
export const bstacQrCodeListSchema = z.object({ items: z.array(bstacQrCodeSchema) });

export const bstacVisitorsSchema = z.object({
  days: z.array(z.object({ day: z.string(), scans: z.number().int(), visitors: z.number().int() })),
  totals: z.object({ scans: z.number().int(), visitors: z.number().int() }),
});
export const bstacBreakdownAnswerSchema = z.object({ items: qrBreakdownSchema });
export const bstacLocationsAnswerSchema = z.object({ items: qrLocationsSchema });
