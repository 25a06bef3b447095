import { z } from 'zod';
import type { CompanyStatus } from '../domain';
import { searchPointSchema } from '../search';
import { scanMetricsSchema } from './metrics';
import { TRIAL_SCANS_PER_DAY } from './quotas';
import { scanStatusSchema } from './scans';

/**
 * Custom rank (issue 7): an employee's one-off grids for any business found through a search,
 * e.g. a sales prospect. The business becomes a `client_companies` row with this status and the
 * employee assigned to it, so scans, access checks and realtime delivery work as for a client,
 * while staff lists, landing rules and batches leave it out.
 */
export const PROSPECT_COMPANY_STATUS = 'prospect' satisfies CompanyStatus;

const LAT_LNG = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/**
 * `near` is a place id from `/api/places/search` (a city) or "lat,lng". Parsed into one of
 * the two, so the service never re-reads the raw text.
 */
export const prospectNearSchema = z
  .string({ error: 'Pick a city to search in.' })
  .trim()
  .min(1, 'Pick a city to search in.')
  .max(300, 'Pick a city to search in.')
  .transform((value, ctx): { point: { lat: number; lng: number } } | { placeId: string } => {
    const match = LAT_LNG.exec(value);
    if (match) {
      const point = searchPointSchema.safeParse({ lat: Number(match[1]), lng: Number(match[2]) });
      if (point.success) return { point: point.data };
      ctx.addIssue({ code: 'custom', message: point.error.issues[0]?.message ?? 'Bad point.' });
      return z.NEVER;
    }
    if (!/^[A-Za-z0-9_-]+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Pick a city from the search.' });
      return z.NEVER;
    }
    return { placeId: value };
  });

/** `GET /api/sales/places/search?q=&near=`. */
export const prospectSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a business name or a trade.' })
    .trim()
    .min(2, 'Type at least 2 characters.')
    .max(120, 'Use at most 120 characters.'),
  near: prospectNearSchema,
});
export type ProspectSearchQuery = z.input<typeof prospectSearchQuerySchema>;

/** One business in the local results where the search was made. */
export const prospectBusinessSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type ProspectBusiness = z.infer<typeof prospectBusinessSchema>;

export const prospectSearchResultSchema = z.object({
  /** Where the search was made: the city picked, or the point given. */
  near: z.object({ name: z.string().nullable(), lat: z.number(), lng: z.number() }),
  businesses: z.array(prospectBusinessSchema),
});
export type ProspectSearchResult = z.infer<typeof prospectSearchResultSchema>;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `Use at most ${max} characters.`).optional(),
  );

/** `POST /api/sales/prospect`: the business picked from the search. */
export const prospectCreateSchema = z.object({
  placeId: z
    .string({ error: 'Pick a business from the search.' })
    .trim()
    .min(1, 'Pick a business from the search.')
    .max(300, 'This place id is too long.'),
  name: z
    .string({ error: 'The business needs a name.' })
    .trim()
    .min(1, 'The business needs a name.')
    .max(200, 'Use at most 200 characters.'),
  address: optionalText(400),
  phone: optionalText(40),
  website: optionalText(300),
  category: optionalText(100),
  lat: searchPointSchema.shape.lat,
  lng: searchPointSchema.shape.lng,
});
export type ProspectCreate = z.input<typeof prospectCreateSchema>;

export const prospectSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** False when this employee already had this business as a prospect. */
  created: z.boolean(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const CREATED_GRIDS_MAX_LIMIT = 100;
export const CREATED_GRIDS_DEFAULT_LIMIT = 20;

/** `GET /api/sales/created?limit=&offset=`. */
export const createdGridsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CREATED_GRIDS_MAX_LIMIT)
    .default(CREATED_GRIDS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type CreatedGridsQuery = z.input<typeof createdGridsQuerySchema>;

export const createdGridSchema = z.object({
  scanId: z.number().int(),
  companyId: z.number().int(),
  businessName: z.string(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  status: scanStatusSchema,
  pointsDone: z.number().int(),
  pointsTotal: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  metrics: scanMetricsSchema.nullable(),
});
export type CreatedGrid = z.infer<typeof createdGridSchema>;

export const createdGridsSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  grids: z.array(createdGridSchema),
});
export type CreatedGrids = z.infer<typeof createdGridsSchema>;

/** `GET /api/trial/me`: a trial lead's own account, their trial company (if made) and quota. */
export const trialMeSchema = z.object({
  profile: z.object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    signedUpAt: z.string(),
  }),
  /** The company their trial scans belong to; null until their first scan. */
  trialCompanyId: z.number().int().nullable(),
  scansPerDay: z.number().int(),
});
export type TrialMe = z.infer<typeof trialMeSchema>;

export const TRIAL_QUOTA_REACHED_MESSAGE = `You've used today's ${TRIAL_SCANS_PER_DAY} free scans. They refresh at midnight UTC.`;
