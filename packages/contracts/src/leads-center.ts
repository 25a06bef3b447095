import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';
import { PHONE_EXAMPLE } from './profile';

/**
 * The leads center (`/dashboard/leads-center`, `/api/uni/client/leads/{id}`): every
 * inquiry of a client's customers from every source, merged by contact (E.164 phone, else
 * lower-cased email) with the sources kept, and the client's own status, value and notes.
 */
export const LEAD_SOURCES = ['lsa', 'call', 'google_ads', 'facebook', 'form', 'manual'] as const;
export const leadSourceSchema = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  lsa: 'Local Services Ads',
  call: 'Tracked calls',
  google_ads: 'Google Ads',
  facebook: 'Facebook ads',
  form: 'Contact form',
  manual: 'Entered by hand',
};

export const LEAD_STATUSES = ['new', 'contacted', 'booked', 'won', 'lost'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatusSchema>;
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  won: 'Won',
  lost: 'Lost',
};

/** Where a lead entered by hand came from, in the client's own words. */
export const MANUAL_LEAD_CHANNELS = [
  'Referral',
  'Walk-in',
  'Phone',
  'Email',
  'Repeat customer',
  'Other',
] as const;
export const manualLeadChannelSchema = z.enum(MANUAL_LEAD_CHANNELS, {
  error: 'Choose where the lead came from.',
});

/** A touch joins the contact's lead when it comes within this long of the lead's last touch. */
export const LEAD_MERGE_WINDOW_DAYS = 30;
export const LEADS_PAGE_SIZE = 25;
export const LEADS_PAGE_SIZE_MAX = 100;
/** The largest value a lead may carry: $10,000,000. */
export const LEAD_VALUE_MAX_CENTS = 1_000_000_000;

const NANP_E164 = /^\+1[2-9]\d{9}$/;

/** E.164 when the text reads as a phone number (US by default), else null. */
export function e164OrNull(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  // Most stored numbers are E.164 already; parsing is the costly part of a large ingest.
  if (NANP_E164.test(value)) return value;
  const parsed = parsePhoneNumberFromString(value.trim(), 'US');
  return parsed?.isPossible() ? parsed.number : null;
}

/** What merging matches on: the E.164 phone, else the lower-cased email, else nothing. */
export function contactKeyOf(phone: string | null, email: string | null): string | null {
  const e164 = e164OrNull(phone);
  if (e164) return e164;
  const mail = email?.trim().toLowerCase();
  return mail?.includes('@') ? mail : null;
}

export const leadsParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const leadParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  leadId: z.coerce.number().int().positive(),
});

/** The list's filters; the export takes the same ones. */
export const leadsQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
    source: leadSourceSchema.optional(),
    status: leadStatusSchema.optional(),
    q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LEADS_PAGE_SIZE_MAX).default(LEADS_PAGE_SIZE),
  })
  .superRefine(refineDayRange);
export type LeadsQuery = z.input<typeof leadsQuerySchema>;

export const leadItemSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sources: z.array(leadSourceSchema),
  firstSource: leadSourceSchema,
  status: leadStatusSchema,
  valueCents: z.number().int().nullable(),
  /** The contact had an earlier lead: a repeat customer. */
  repeat: z.boolean(),
  firstTouchAt: z.string(),
  lastTouchAt: z.string(),
  touchCount: z.number().int(),
});
export type LeadItem = z.infer<typeof leadItemSchema>;

export const leadsPageSchema = z.object({
  items: z.array(leadItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over the range only (source, status and text do not narrow them). */
  counts: z.object({
    /** Touches per source in the range: what each source's own page counts. */
    bySource: z.record(leadSourceSchema, z.number().int()),
    /** Leads that arrived in the range, by status. */
    byStatus: z.record(leadStatusSchema, z.number().int()),
    /** Leads that arrived in the range. */
    leads: z.number().int(),
  }),
  /** When the sources were last read into the leads center (null: never). */
  lastIngestedAt: z.string().nullable(),
});
export type LeadsPage = z.infer<typeof leadsPageSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** `POST /api/uni/client/leads/{id}`: a customer of the client, entered by hand. */
export const customerLeadCreateSchema = z
  .object({
    name: z
      .string({ error: "Enter the lead's name." })
      .trim()
      .min(1, "Enter the lead's name.")
      .max(120, 'Use at most 120 characters.'),
    phone: optionalText(40, 'Use at most 40 characters.'),
    email: optionalText(200, 'Use at most 200 characters.'),
    // Checked with the other fields below, so every problem is named at once.
    channel: z.string({ error: 'Choose where the lead came from.' }),
    valueCents: z
      .number({ error: 'Enter the value as a whole number of cents.' })
      .int('Enter the value as a whole number of cents.')
      .min(0, 'The value cannot be negative.')
      .max(LEAD_VALUE_MAX_CENTS, 'That value is too large.')
      .optional(),
    note: optionalText(2000, 'Use at most 2,000 characters.'),
  })
  .superRefine((input, ctx) => {
    if (!manualLeadChannelSchema.safeParse(input.channel).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['channel'],
        message: 'Choose where the lead came from.',
      });
    }
    if (!input.phone && !input.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Give a phone number or an email.',
      });
    }
    if (input.phone && !e164OrNull(input.phone)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: `Enter a valid phone number, such as ${PHONE_EXAMPLE}.`,
      });
    }
    if (input.email && !z.email().safeParse(input.email).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Enter a valid email, such as name@example.com.',
      });
    }
  });
export type CustomerLeadCreateInput = z.input<typeof customerLeadCreateSchema>;
export type ManualLeadChannel = (typeof MANUAL_LEAD_CHANNELS)[number];

/** `PATCH /api/uni/client/leads/{id}/lead/{leadId}`: each change is kept with who made it. */
export const leadPatchSchema = z
  .object({
    status: leadStatusSchema.optional(),
    /** Null clears it (ROI then counts the average job value). */
    valueCents: z
      .number({ error: 'Enter the value as a whole number of cents.' })
      .int('Enter the value as a whole number of cents.')
      .min(0, 'The value cannot be negative.')
      .max(LEAD_VALUE_MAX_CENTS, 'That value is too large.')
      .nullable()
      .optional(),
    note: z
      .string()
      .trim()
      .min(1, 'Write the note first.')
      .max(2000, 'Use at most 2,000 characters.')
      .optional(),
  })
  .refine((p) => p.status !== undefined || p.valueCents !== undefined || p.note !== undefined, {
    message: 'Change the status, the value or add a note.',
    path: ['status'],
  });
export type LeadPatchInput = z.input<typeof leadPatchSchema>;

/** A call recording the timeline can play, through the source's own recording route. */
export const leadRecordingSchema = z.discriminatedUnion('kind', [
  /** `GET /api/uni/products/ctm/{productId}/calls/{callId}/recording`. */
  z.object({ kind: z.literal('ctm'), productId: z.number().int(), callId: z.number().int() }),
  /** `POST /api/lsa/calls/recording` with { productId, leadId }. */
  z.object({ kind: z.literal('lsa'), productId: z.number().int(), leadId: z.number().int() }),
]);
export type LeadRecording = z.infer<typeof leadRecordingSchema>;

export const leadTouchSchema = z.object({
  id: z.number().int(),
  source: leadSourceSchema,
  occurredAt: z.string(),
  /** One line: "Answered call, 3 min 12 s", "Contact form", "Referral". */
  summary: z.string(),
  /** What the source said: form fields, campaign, call status… */
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  recording: leadRecordingSchema.nullable(),
});
export type LeadTouch = z.infer<typeof leadTouchSchema>;

export const LEAD_EVENT_KINDS = ['created', 'status', 'value', 'note'] as const;
export const leadEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_EVENT_KINDS),
  at: z.string(),
  /** Who made it; null when the person was removed or the system did. */
  by: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  text: z.string().nullable(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

export const leadDetailSchema = z.object({
  lead: leadItemSchema,
  touches: z.array(leadTouchSchema),
  events: z.array(leadEventSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** Realtime `lead.arrived`: in its own file, so realtime.ts does not bring libphonenumber. */
export { leadArrivedEventSchema } from './leads-center-events';
