import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';

/**
 * Page speed, hosting and contact-form submissions of the website products (issue 18).
 * Their realtime events are in `website-insights-events.ts`, apart, so the realtime table
 * does not pull these schemas into every page.
 */

export const PAGE_SPEED_STRATEGIES = ['mobile', 'desktop'] as const;
export const pageSpeedStrategySchema = z.enum(PAGE_SPEED_STRATEGIES);
export type PageSpeedStrategy = z.infer<typeof pageSpeedStrategySchema>;

/** Lighthouse's four categories, as scores 0–100 (the vendor's 0–1 × 100, rounded). */
export const pageSpeedScoresSchema = z.object({
  performance: z.number().int().min(0).max(100),
  accessibility: z.number().int().min(0).max(100),
  bestPractices: z.number().int().min(0).max(100),
  seo: z.number().int().min(0).max(100),
});
export type PageSpeedScores = z.infer<typeof pageSpeedScoresSchema>;
export const PAGE_SPEED_CATEGORY_LABELS: Record<keyof PageSpeedScores, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  bestPractices: 'Best practices',
  seo: 'SEO',
};

/** Lighthouse's score bands: 0–49 poor (red), 50–89 needs improvement (orange), 90–100 good. */
export type ScoreBand = 'good' | 'needs-improvement' | 'poor';
export function scoreBand(score: number): ScoreBand {
  if (score >= 90) return 'good';
  if (score >= 50) return 'needs-improvement';
  return 'poor';
}

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const vitalSchema = z.object({
  /** Milliseconds, except CLS (unitless). */
  value: z.number().min(0),
  rating: z.enum(VITAL_RATINGS),
  /** `field`: real users (CrUX, 75th percentile); `lab`: the Lighthouse run. */
  source: z.enum(['field', 'lab']),
});
export type Vital = z.infer<typeof vitalSchema>;
export const pageSpeedVitalsSchema = z.object({
  lcp: vitalSchema.nullable(),
  inp: vitalSchema.nullable(),
  cls: vitalSchema.nullable(),
  /** Total blocking time: the lab stand-in for INP when no field data exists. */
  tbt: vitalSchema.nullable(),
});
export type PageSpeedVitals = z.infer<typeof pageSpeedVitalsSchema>;

/** Core Web Vitals thresholds (web.dev): good at or under the first, poor above the second. */
export const VITAL_THRESHOLDS = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  tbt: [200, 600],
} as const satisfies Record<keyof PageSpeedVitals, readonly [number, number]>;
export function rateVital(metric: keyof PageSpeedVitals, value: number): Vital['rating'] {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

export const pageSpeedRunSchema = z.object({
  id: z.number().int(),
  strategy: pageSpeedStrategySchema,
  status: z.enum(['done', 'failed']),
  scores: pageSpeedScoresSchema.nullable(),
  vitals: pageSpeedVitalsSchema.nullable(),
  ranAt: z.string(),
  error: z.string().nullable(),
});
export type PageSpeedRun = z.infer<typeof pageSpeedRunSchema>;

export const PAGE_SPEED_JOB_STATES = [
  'queued',
  'running-mobile',
  'running-desktop',
  'done',
  'failed',
] as const;
export const pageSpeedJobStateSchema = z.enum(PAGE_SPEED_JOB_STATES);
export type PageSpeedJobState = z.infer<typeof pageSpeedJobStateSchema>;
export const pageSpeedJobSchema = z.object({
  id: z.number().int(),
  state: pageSpeedJobStateSchema,
  origin: z.enum(['manual', 'scheduled', 'seed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PageSpeedJob = z.infer<typeof pageSpeedJobSchema>;

export const pageSpeedMonthSchema = z.object({
  /** `yyyy-MM` (UTC). */
  month: z.string(),
  mobile: pageSpeedScoresSchema.nullable(),
  desktop: pageSpeedScoresSchema.nullable(),
});
export const pageSpeedReportSchema = z.object({
  site: z.object({ url: z.string(), isDemo: z.boolean() }).nullable(),
  /** Where the scores come from: the demo measures the site itself; live is PageSpeed Insights. */
  source: z.enum(['demo', 'live']),
  latest: z.object({
    mobile: pageSpeedRunSchema.nullable(),
    desktop: pageSpeedRunSchema.nullable(),
  }),
  /** The last run of each month, oldest first. */
  history: z.array(pageSpeedMonthSchema),
  /** The newest run request, finished or not. */
  job: pageSpeedJobSchema.nullable(),
  /** When "Run now" is allowed again (one run per site every two minutes). */
  nextRunAt: z.string().nullable(),
});
export type PageSpeedReport = z.infer<typeof pageSpeedReportSchema>;
export const pageSpeedRunStartedSchema = z.object({ job: pageSpeedJobSchema });

/** The website products whose site page speed is measured, by their API name. */
export const PAGE_SPEED_PRODUCT_APIS = ['webworx', 'hosting', 'website', 'powerpage'] as const;

/* ─── Hosting ─────────────────────────────────────────────────────────────────────────── */

export const hostingMonthSchema = z.object({
  month: z.string(),
  /** Null for months the host gave no disk reading of. */
  diskUsedMb: z.number().int().nullable(),
  bandwidthUsedMb: z.number().int(),
});
export const hostingReportSchema = z.object({
  account: z
    .object({
      plan: z.string(),
      domain: z.string(),
      /** The domain's registration renews (or lapses) on this day. */
      domainRenewsOn: z.string().nullable(),
      diskQuotaMb: z.number().int().nullable(),
      bandwidthQuotaMb: z.number().int().nullable(),
      diskUsedMb: z.number().int(),
      /** This month's transfer so far. */
      bandwidthUsedMb: z.number().int(),
      ssl: z
        .object({
          issuer: z.string(),
          subject: z.string(),
          expiresAt: z.string(),
        })
        .nullable(),
    })
    .nullable(),
  history: z.array(hostingMonthSchema),
  source: z.enum(['demo', 'live']),
  freshness: z.object({
    status: z.enum(['connected', 'needs_attention', 'disconnected']).nullable(),
    lastSyncedAt: z.string().nullable(),
  }),
});
export type HostingReport = z.infer<typeof hostingReportSchema>;

/* ─── Contact-form submissions ────────────────────────────────────────────────────────── */

export const FORM_MESSAGE_MAX = 2000;
export const FORM_NAME_MAX = 120;

/** A contact form as sent by a visitor (form-encoded; the honeypot field is `website`). */
export const contactFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please give your name.')
      .max(FORM_NAME_MAX, `Keep your name under ${FORM_NAME_MAX} characters.`),
    email: z
      .string()
      .trim()
      .max(254)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.email('That email address does not look right.').optional()),
    phone: z.string().trim().max(40, 'That phone number is too long.').optional(),
    message: z
      .string()
      .trim()
      .min(10, 'Please write a message of at least 10 characters.')
      .max(FORM_MESSAGE_MAX, `Keep the message under ${FORM_MESSAGE_MAX} characters.`),
    /** The page the form was on (a path on the site). */
    page: z.string().trim().max(300).optional(),
    /** Honeypot: hidden from people; a bot fills it in. */
    website: z.string().optional(),
  })
  .refine((f) => Boolean(f.email) || Boolean(f.phone?.trim()), {
    path: ['email'],
    message: 'Please give an email address or a phone number so we can answer.',
  });
export type ContactForm = z.infer<typeof contactFormSchema>;

export const formSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** E.164 when the number could be read; as typed otherwise. */
  phone: z.string().nullable(),
  message: z.string(),
  page: z.string().nullable(),
  receivedAt: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
export const formSubmissionListSchema = z.object({
  items: z.array(formSubmissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  site: z.object({ url: z.string(), isDemo: z.boolean() }).nullable(),
});
export type FormSubmissionList = z.infer<typeof formSubmissionListSchema>;
export const formSubmissionQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(refineDayRange);
export type FormSubmissionQuery = z.infer<typeof formSubmissionQuerySchema>;
