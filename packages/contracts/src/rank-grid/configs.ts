import { tz } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarMonths } from 'date-fns';
import { z } from 'zod';
import type { ProductSlug } from '../products';
import { searchKeywordSchema } from '../search';
import { scanStatusSchema } from './scans';
import {
  checkGridSettings,
  distanceUnitSchema,
  gridCentreSchema,
  gridSettingsObjectSchema,
  gridShapeSchema,
} from './settings';

/**
 * Tracked grid configs (issue 6): one client's keyword at fixed grid settings, scanned by the
 * scheduler at a frequency, or once. Every scan stores its own settings, so changing a config
 * never rewrites the timeline of its past scans.
 */

export const GRID_FREQUENCIES = ['once', 'daily', 'weekly', 'biweekly', 'monthly'] as const;
export const gridFrequencySchema = z.enum(GRID_FREQUENCIES, {
  error: 'Choose once, daily, weekly, biweekly (every two weeks) or monthly.',
});
export type GridFrequency = z.infer<typeof gridFrequencySchema>;
export const GRID_FREQUENCY_LABELS: Record<GridFrequency, string> = {
  once: 'Once',
  daily: 'Daily',
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
};

/**
 * The products a grid config's `itemId` (SPEC §3 timeline `item_id`) points at: the Google
 * Business Profile family, whose product pages carry the rank grid (SPEC §7 `rankgrid/{id}`).
 * The catalog has no product of its own for rank grids. An active one is preferred.
 */
export const RANK_GRID_PRODUCT_SLUGS: readonly ProductSlug[] = [
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
];

const UTC = tz('UTC');

/** The k-th run after `dueAt` (k ≥ 1), in UTC: month ends clamp (31 Jan + 1 month = 28/29 Feb). */
function runAfter(frequency: Exclude<GridFrequency, 'once'>, dueAt: Date, k: number): Date {
  const next =
    frequency === 'monthly'
      ? addMonths(dueAt, k, { in: UTC })
      : addDays(dueAt, k * { daily: 1, weekly: 7, biweekly: 14 }[frequency], { in: UTC });
  return new Date(next.getTime());
}

/**
 * When a config runs next, given the run that was due at `dueAt` and has just been started at
 * `now`: the first run of its cadence strictly after `now`. A server that was down for several
 * periods therefore starts one scan, not one per missed period, and keeps the config's time of
 * day. Monthly runs count months from `dueAt`, so a run due on 31 Jan comes back on 28 Feb
 * (29 in a leap year) and from then on on the 28th. `once` has no next run.
 */
export function nextRunAfter(frequency: GridFrequency, dueAt: Date, now: Date): Date | null {
  if (frequency === 'once') return null;
  // Start near the answer instead of stepping through years of missed days one by one.
  const elapsedDays = (now.getTime() - dueAt.getTime()) / 86_400_000;
  const estimate =
    frequency === 'monthly'
      ? differenceInCalendarMonths(now, dueAt, { in: UTC }) - 1
      : Math.floor(elapsedDays / { daily: 1, weekly: 7, biweekly: 14 }[frequency]) - 1;
  let k = Math.max(1, estimate);
  while (runAfter(frequency, dueAt, k).getTime() <= now.getTime()) k++;
  return runAfter(frequency, dueAt, k);
}

/** An alert when ATRP worsens by more than this many places between two scans. */
export const atrpAlertThresholdSchema = z
  .number({ error: 'The ATRP alert threshold must be a number of places.' })
  .min(0.1, { error: 'The ATRP alert threshold must be at least 0.1 places.' })
  .max(20, { error: 'The ATRP alert threshold must be at most 20 places.' });
/** An alert when SoLV drops by more than this many percentage points. */
export const solvAlertThresholdSchema = z
  .number({ error: 'The SoLV alert threshold must be a number of percentage points.' })
  .min(1, { error: 'The SoLV alert threshold must be at least 1 point.' })
  .max(100, { error: 'The SoLV alert threshold must be at most 100 points.' });

const companyIdSchema = z
  .number({ error: 'Choose a company.' })
  .int({ error: 'Choose a company.' })
  .positive({ error: 'Choose a company.' });

/** Ids in paths: positive and within PostgreSQL's integer, so a huge id is a 404, not a 500. */
const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const gridConfigIdParamsSchema = z.object({ id: idParam });
export const gridCompanyParamsSchema = z.object({ companyId: idParam });
export const gridStaffCompanyParamsSchema = z.object({ id: idParam });
/** `DELETE /api/omgemployee/remove/grid/:a/:b`: config `b` of client company `a`. */
export const gridConfigRemoveParamsSchema = z.object({ a: idParam, b: idParam });

/**
 * `POST /api/rankclient/create`. The centre is optional: without one the grid is centred on
 * the company's location. `firstRunAt` defaults to now, i.e. the scheduler's next tick.
 */
export const gridConfigCreateSchema = gridSettingsObjectSchema
  .extend({
    companyId: companyIdSchema,
    keyword: searchKeywordSchema,
    centre: gridCentreSchema.optional(),
    frequency: gridFrequencySchema,
    firstRunAt: z.iso
      .datetime({ offset: true, error: 'The first run must be a date and time (ISO 8601).' })
      .optional(),
    atrpAlertThreshold: atrpAlertThresholdSchema.default(1),
    solvAlertThreshold: solvAlertThresholdSchema.default(10),
  })
  .superRefine((body, ctx) => {
    // The centre takes no part in the cross-field checks; a placeholder keeps them total.
    checkGridSettings({ ...body, centre: body.centre ?? { lat: 0, lng: 0 } }, ctx);
  })
  .transform((body) => ({
    ...body,
    disabledPoints: [...new Set(body.disabledPoints)].sort((a, b) => a - b),
  }));
export type GridConfigCreate = z.output<typeof gridConfigCreateSchema>;
export type GridConfigCreateInput = z.input<typeof gridConfigCreateSchema>;

/** `PUT /api/grids/:id`: the schedule and the alert thresholds (at least one of them). */
export const gridConfigScheduleUpdateSchema = z
  .object({
    frequency: gridFrequencySchema.optional(),
    active: z.boolean({ error: 'Active must be true or false.' }).optional(),
    atrpAlertThreshold: atrpAlertThresholdSchema.optional(),
    solvAlertThreshold: solvAlertThresholdSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Change at least one of frequency, active, atrpAlertThreshold or solvAlertThreshold.',
  });
export type GridConfigScheduleUpdate = z.output<typeof gridConfigScheduleUpdateSchema>;

/**
 * `PUT /api/localrank/update/details/:id`: the keyword and grid settings. Fields left out keep
 * their value; the merged settings are checked as a whole by the server (a smaller grid must
 * not keep switched-off points it no longer has).
 */
export const gridConfigDetailsUpdateSchema = z
  .object({
    keyword: searchKeywordSchema.optional(),
    size: gridSettingsObjectSchema.shape.size.optional(),
    radius: gridSettingsObjectSchema.shape.radius.optional(),
    unit: distanceUnitSchema.optional(),
    shape: gridShapeSchema.optional(),
    centre: gridCentreSchema.optional(),
    disabledPoints: z
      .array(z.number().int().min(0), { error: 'Switched-off points must be point indices.' })
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Change at least one of keyword, size, radius, unit, shape, centre or disabledPoints.',
  });
export type GridConfigDetailsUpdate = z.output<typeof gridConfigDetailsUpdateSchema>;

export const gridConfigSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  /** The client's rank grid product instance, when it has one. */
  itemId: z.number().int().nullable(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: distanceUnitSchema,
  shape: gridShapeSchema,
  centre: gridCentreSchema,
  disabledPoints: z.array(z.number().int()),
  frequency: gridFrequencySchema,
  active: z.boolean(),
  /** Null when paused, or once a one-time config has run. */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  atrpAlertThreshold: z.number(),
  solvAlertThreshold: z.number(),
  createdAt: z.string(),
});
export type GridConfig = z.infer<typeof gridConfigSchema>;

/** One scan of a config, as lists show it: its status and headline metrics (null until done). */
export const gridConfigScanSchema = z.object({
  id: z.number().int(),
  configId: z.number().int().nullable(),
  keyword: z.string(),
  status: scanStatusSchema,
  origin: z.enum(['manual', 'scheduled', 'batch', 'seed']),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  atrp: z.number().nullable(),
  arp: z.number().nullable(),
  solv: z.number().nullable(),
  foundIn: z.number().int().nullable(),
});
export type GridConfigScan = z.infer<typeof gridConfigScanSchema>;

export const gridConfigWithLatestSchema = gridConfigSchema.extend({
  /** The config's latest finished scan (status done), or null before the first one. */
  latestScan: gridConfigScanSchema.nullable(),
});

/** `GET /api/rankclient/find/:companyId`. */
export const clientGridConfigsSchema = z.object({
  companyId: z.number().int(),
  configs: z.array(gridConfigWithLatestSchema),
});
export type ClientGridConfigs = z.infer<typeof clientGridConfigsSchema>;

export const GRID_CONFIG_SCANS_PAGE_SIZE = 20;
export const GRID_CONFIG_SCANS_PAGE_SIZE_MAX = 100;
export const gridConfigScansQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(GRID_CONFIG_SCANS_PAGE_SIZE_MAX)
    .default(GRID_CONFIG_SCANS_PAGE_SIZE),
});

/** `GET /api/grids/:id`: the config and one page of its scans, newest first. */
export const gridConfigDetailSchema = z.object({
  config: gridConfigSchema,
  scans: z.object({
    items: z.array(gridConfigScanSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
});
export type GridConfigDetail = z.infer<typeof gridConfigDetailSchema>;

/** `POST /api/grids/:id/run`. */
export const gridConfigRunResponseSchema = z.object({
  configId: z.number().int(),
  scanId: z.number().int(),
  pointsTotal: z.number().int(),
  estimatedCents: z.number().int(),
});

/** `GET /api/omgemployee/find/:id`: the staff view of one client's grid setup. */
export const staffGridSetupSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  configs: z.array(
    gridConfigWithLatestSchema.extend({
      scansLast30Days: z.number().int(),
    }),
  ),
  /** Every scan of the client's configs in the last 30 days, newest first (at most 200). */
  recentScans: z.array(gridConfigScanSchema),
  /** Active configs with a next run, soonest first. */
  nextRuns: z.array(
    z.object({ configId: z.number().int(), keyword: z.string(), nextRunAt: z.string() }),
  ),
});
export type StaffGridSetup = z.infer<typeof staffGridSetupSchema>;

/** `DELETE /api/omgemployee/remove/grid/:a/:b`. */
export const gridConfigRemovedSchema = z.object({
  removed: z.literal(true),
  configId: z.number().int(),
  companyId: z.number().int(),
  /** The config's scans, which stay (their config link is cleared). */
  scansKept: z.number().int(),
  message: z.string(),
});
