import { z } from 'zod';
import { phoneSchema, websiteSchema } from './profile';

/**
 * The client's ad specification (SPEC §2 `/dashboard/products/ad-spec`, SPEC §7
 * `adspec/{id}`, where id is the client company's id): staff edit it, the client reads it,
 * and every change is kept with who made it.
 */
export const AD_SPEC_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const AD_SPEC_DAY_NAMES: Record<(typeof AD_SPEC_DAYS)[number], string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 08:00.');

export const adSpecServiceAreaSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('places'),
    places: z
      .array(z.string().trim().min(1, 'Remove the empty place.').max(80))
      .min(1, 'List at least one city or ZIP code.')
      .max(100, 'List at most 100 places.'),
  }),
  z.object({
    kind: z.literal('radius'),
    center: z.string().trim().min(1, 'Name the centre (an address or ZIP).').max(200),
    radiusMiles: z
      .number({ error: 'Enter a radius in miles.' })
      .min(1, 'The radius must be at least 1 mile.')
      .max(100, 'The radius must be at most 100 miles.'),
  }),
]);
export type AdSpecServiceArea = z.infer<typeof adSpecServiceAreaSchema>;

export const adSpecScheduleSchema = z
  .object({
    days: z.array(z.enum(AD_SPEC_DAYS)).min(1, 'Choose at least one day.').max(7),
    startTime: time,
    endTime: time,
  })
  .refine((s) => s.startTime < s.endTime, {
    path: ['endTime'],
    message: 'The end time must be after the start time.',
  });

/**
 * What staff send. `updatedAt` is the version they edited (null: creating the first one).
 * Built in a function with a pure annotation (as profile.ts does), so bundles that never
 * check it leave libphonenumber's metadata out.
 */
export const adSpecInputSchema = /* @__PURE__ */ adSpecInput();

function adSpecInput() {
  return z.object({
    services: z
      .array(z.string().trim().min(1, 'Remove the empty service.').max(120))
      .min(1, 'List at least one service.')
      .max(50, 'List at most 50 services.'),
    serviceArea: adSpecServiceAreaSchema,
    monthlyBudgetCents: z
      .number({ error: 'Enter a monthly budget.' })
      .int('Enter whole cents.')
      .min(0, 'The budget cannot be negative.')
      .max(100_000_000, 'The budget must be at most $1,000,000.'),
    schedule: adSpecScheduleSchema,
    landingPages: z.array(websiteSchema).max(20, 'List at most 20 landing pages.'),
    callTrackingNumber: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      phoneSchema.nullable(),
    ),
    notes: z.string().trim().max(4_000, 'Use at most 4,000 characters.'),
    updatedAt: z.string().datetime({ offset: true }).nullable(),
  });
}
export type AdSpecInput = z.input<typeof adSpecInputSchema>;

export const adSpecSchema = z.object({
  companyId: z.number().int(),
  services: z.array(z.string()),
  serviceArea: adSpecServiceAreaSchema,
  monthlyBudgetCents: z.number().int(),
  schedule: z.object({
    days: z.array(z.enum(AD_SPEC_DAYS)),
    startTime: z.string(),
    endTime: z.string(),
  }),
  landingPages: z.array(z.string()),
  callTrackingNumber: z.string().nullable(),
  notes: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type AdSpec = z.infer<typeof adSpecSchema>;

export const AD_SPEC_FIELD_LABELS = {
  services: 'Services advertised',
  serviceArea: 'Service area',
  monthlyBudgetCents: 'Monthly budget',
  schedule: 'Schedule',
  landingPages: 'Landing pages',
  callTrackingNumber: 'Call tracking number',
  notes: 'Notes',
} as const;
export type AdSpecField = keyof typeof AD_SPEC_FIELD_LABELS;

export const adSpecChangeSchema = z.object({
  id: z.number().int(),
  changedAt: z.string(),
  changedByName: z.string().nullable(),
  changes: z.array(
    z.object({
      field: z.enum(Object.keys(AD_SPEC_FIELD_LABELS) as [AdSpecField, ...AdSpecField[]]),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type AdSpecChange = z.infer<typeof adSpecChangeSchema>;

export const adSpecResponseSchema = z.object({
  companyId: z.number().int(),
  /** Null until staff write the first version. */
  spec: adSpecSchema.nullable(),
  /** The company has an ads product (Google Ads, Ads Xpress, Facebook Ads, LSA). */
  hasAdsProduct: z.boolean(),
  canEdit: z.boolean(),
  /** Newest first, at most 100. */
  history: z.array(adSpecChangeSchema),
});
export type AdSpecResponse = z.infer<typeof adSpecResponseSchema>;
