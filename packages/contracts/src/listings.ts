import { z } from 'zod';
import { vendorConnectionSchema } from './vendor-connections';

/**
 * The Google profile listing (`/api/uni/products/listings/{productId}`): the listing as
 * Google has it (Business Information API) beside the company's profile in Pinpoint,
 * compared field by field.
 */

/** The fields compared, in the order the page shows them. */
export const LISTING_FIELDS = [
  'title',
  'primaryCategory',
  'additionalCategories',
  'address',
  'phone',
  'website',
  'regularHours',
  'specialHours',
  'attributes',
] as const;
export const listingFieldSchema = z.enum(LISTING_FIELDS, { message: 'Unknown listing field.' });
export type ListingField = z.infer<typeof listingFieldSchema>;

export const LISTING_FIELD_LABELS: Record<ListingField, string> = {
  title: 'Business name',
  primaryCategory: 'Primary category',
  additionalCategories: 'Additional categories',
  address: 'Address',
  phone: 'Phone',
  website: 'Website',
  regularHours: 'Opening hours',
  specialHours: 'Special hours',
  attributes: 'Attributes',
};

/** Google's DayOfWeek. */
export const WEEK_DAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
const daySchema = z.enum(WEEK_DAYS);
/** 24-hour "HH:MM"; Google's 24:00 closes at midnight. */
const clockSchema = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'Use HH:MM.');

/** One opening period (Google's TimePeriod), times as "HH:MM". */
export const hoursPeriodSchema = z.object({
  openDay: daySchema,
  openTime: clockSchema,
  closeDay: daySchema,
  closeTime: clockSchema,
});
export type HoursPeriod = z.infer<typeof hoursPeriodSchema>;

/** One day of special hours (Google's SpecialHourPeriod for a single date). */
export const specialHoursSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.'),
  closed: z.boolean(),
  openTime: clockSchema.nullable(),
  closeTime: clockSchema.nullable(),
});
export type SpecialHours = z.infer<typeof specialHoursSchema>;

/** Google's PostalAddress, the parts a storefront listing uses. */
export const listingAddressSchema = z.object({
  addressLines: z.array(z.string()),
  locality: z.string(),
  administrativeArea: z.string(),
  postalCode: z.string(),
  regionCode: z.string(),
});
export type ListingAddress = z.infer<typeof listingAddressSchema>;

/** An attribute's value: BOOL, ENUM or URL (one value), REPEATED_ENUM (the set values). */
export const attributeValueSchema = z.union([z.boolean(), z.string(), z.array(z.string())]);

/**
 * One side's profile, provider-neutral: Google's listing as synced, or ours as Pinpoint has
 * it. Categories are Google's display names; the phone is as written by its source.
 */
export const listingFieldsSchema = z.object({
  title: z.string().nullable(),
  primaryCategory: z.string().nullable(),
  additionalCategories: z.array(z.string()),
  address: listingAddressSchema.nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  regularHours: z.array(hoursPeriodSchema),
  specialHours: z.array(specialHoursSchema),
  attributes: z.record(z.string(), attributeValueSchema),
});
export type ListingFields = z.infer<typeof listingFieldsSchema>;

export const EMPTY_LISTING_FIELDS: ListingFields = {
  title: null,
  primaryCategory: null,
  additionalCategories: [],
  address: null,
  phone: null,
  website: null,
  regularHours: [],
  specialHours: [],
  attributes: {},
};

export const listingFieldStatusSchema = z.enum([
  'match',
  'differs',
  'missing_on_google',
  'missing_here',
]);
export type ListingFieldStatus = z.infer<typeof listingFieldStatusSchema>;

/** One compared field: each side as lines to read (none: the side has no value). */
export const listingFieldComparisonSchema = z.object({
  field: listingFieldSchema,
  label: z.string(),
  google: z.array(z.string()),
  ours: z.array(z.string()),
  status: listingFieldStatusSchema,
  /** Google changed it on its side since the agency last looked. */
  changedOnGoogle: z.boolean(),
});
export type ListingFieldComparison = z.infer<typeof listingFieldComparisonSchema>;

/** The latest "Push our data": its outbox writes taken together. */
export const listingPushSchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']),
  fields: z.array(listingFieldSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ListingPush = z.infer<typeof listingPushSchema>;

export const listingComparisonSchema = z.object({
  productId: z.number().int(),
  companyId: z.number().int(),
  /** The Business Profile connection; null when none is connected. */
  connection: vendorConnectionSchema.nullable(),
  /** When Google's listing was last stored (null: never synced). */
  syncedAt: z.string().nullable(),
  fields: z.array(listingFieldComparisonSchema),
  changedFields: z.array(listingFieldSchema),
  lastPush: listingPushSchema.nullable(),
});
export type ListingComparison = z.infer<typeof listingComparisonSchema>;

const fieldListSchema = z
  .array(listingFieldSchema)
  .min(1, 'Choose at least one field.')
  .max(LISTING_FIELDS.length)
  .refine((fields) => new Set(fields).size === fields.length, 'A field is listed twice.');

/** `POST …/listings/{productId}/push`: the chosen fields (default: all that differ). */
export const listingPushInputSchema = z.object({
  fields: fieldListSchema.optional(),
  idempotencyKey: z.string().min(8).max(100),
});
export type ListingPushInput = z.input<typeof listingPushInputSchema>;

/** `POST …/listings/{productId}/accept`: take Google's value of these fields. */
export const listingAcceptInputSchema = z.object({ fields: fieldListSchema });
export type ListingAcceptInput = z.input<typeof listingAcceptInputSchema>;

/**
 * Realtime: a Business Profile listing changed: synced (with the fields Google changed on
 * its side), pushed, or a field taken from Google.
 */
export const listingChangedEventSchema = z.object({
  companyId: z.number().int(),
  connectionId: z.number().int(),
  changedFields: z.array(z.string()),
});
export type ListingChangedEvent = z.infer<typeof listingChangedEventSchema>;
