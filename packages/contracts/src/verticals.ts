import { z } from 'zod';

/**
 * Local Services Ads verticals, managed by admins (SPEC §6, §7 "Verticals"): the agency's own
 * trades, each mapped to an LSA category pulled from the category catalogue.
 */

export const VERTICAL_NAME_MAX = 100;
export const VERTICAL_SLUG_MAX = 60;
export const VERTICAL_PAGE_SIZE = 50;

/** Lowercase words joined by single hyphens: "water-damage", "hvac". */
export const VERTICAL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The message a taken slug answers with, on the `slug` field (409). */
export const VERTICAL_SLUG_TAKEN = 'This slug is taken.';

export const verticalSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The LSA category id it maps to; null when not mapped yet. */
  lsaCategory: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vertical = z.infer<typeof verticalSchema>;

/** `POST /api/vertical/admin/create` and `PUT /api/vertical/admin/update/{id}`. */
export const verticalInputSchema = z.strictObject({
  name: z
    .string({ error: 'Enter a name.' })
    .trim()
    .min(1, { error: 'Enter a name.' })
    .max(VERTICAL_NAME_MAX, { error: `Use at most ${VERTICAL_NAME_MAX} characters.` }),
  slug: z
    .string({ error: 'Enter a slug.' })
    .trim()
    .min(1, { error: 'Enter a slug.' })
    .max(VERTICAL_SLUG_MAX, { error: `Use at most ${VERTICAL_SLUG_MAX} characters.` })
    .regex(VERTICAL_SLUG_PATTERN, {
      error: 'Use lowercase letters and digits joined by single hyphens, like water-damage.',
    }),
  /** An id from `/api/vertical/admin/pull/list`; empty or null leaves it unmapped. */
  lsaCategory: z
    .string()
    .trim()
    .max(100, { error: 'Use at most 100 characters.' })
    .nullish()
    .transform((value) => value || null),
});
export type VerticalInput = z.output<typeof verticalInputSchema>;
export type VerticalInputDraft = z.input<typeof verticalInputSchema>;

export const verticalIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const verticalListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type VerticalListQuery = z.input<typeof verticalListQuerySchema>;

export const verticalListSchema = z.object({
  items: z.array(verticalSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type VerticalList = z.infer<typeof verticalListSchema>;

/** One category of the LSA catalogue (`/api/vertical/admin/pull/list`). */
export const lsaCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The catalogue's group: home services, legal, health… */
  group: z.string(),
});
export type LsaCategory = z.infer<typeof lsaCategorySchema>;

export const lsaCategoryListSchema = z.object({
  categories: z.array(lsaCategorySchema),
  /** Where the catalogue came from: `demo` is a fixed list shipped with Pinpoint. */
  source: z.enum(['demo', 'live']),
});
export type LsaCategoryList = z.infer<typeof lsaCategoryListSchema>;

/** `POST /api/vertical/admin/pull/info`. */
export const lsaCategoryInfoRequestSchema = z.strictObject({
  categoryId: z
    .string({ error: 'Choose a category.' })
    .trim()
    .min(1, { error: 'Choose a category.' })
    .max(100),
});

export const lsaCategoryInfoSchema = lsaCategorySchema.extend({
  /** The job types the category's ads can be shown for. */
  serviceTypes: z.array(z.string()),
  /** A slug and name to start a new vertical from. */
  suggested: z.object({ slug: z.string(), name: z.string() }),
  /** Verticals already mapped to this category. */
  verticals: z.array(verticalSchema.pick({ id: true, slug: true, name: true })),
  source: z.enum(['demo', 'live']),
});
export type LsaCategoryInfo = z.infer<typeof lsaCategoryInfoSchema>;
