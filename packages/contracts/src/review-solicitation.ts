import { z } from 'zod';
import { isValidTimeZone } from './date-ranges';
import { emailSchema } from './identity';
import { e164OrNull } from './leads-center';
import { localDateTimeSchema } from './posts';

/**
 * Review solicitation (SPEC §3; DECISIONS "Messages to a client's customers"): a client asks
 * its own customers for a Google review by SMS, email or both. Every customer gets the same
 * review link (no gating by sentiment); opt-outs, sending hours, the 30-day rule and consent
 * are enforced on the server.
 */
export const SEND_TYPES = ['sms', 'email', 'both'] as const;
export const sendTypeSchema = z.enum(SEND_TYPES, { error: 'Choose SMS, email or both.' });
export type SendType = z.infer<typeof sendTypeSchema>;
export const SEND_TYPE_LABELS: Record<SendType, string> = {
  sms: 'SMS',
  email: 'Email',
  both: 'SMS and email',
};

export const SOLICITATION_CHANNELS = ['sms', 'email'] as const;
export type SolicitationChannel = (typeof SOLICITATION_CHANNELS)[number];

/**
 * A request's status: the furthest its messages got. `held`: no transport is configured and
 * the message waits in the dev outbox (never shown as delivered).
 */
export const REQUEST_STATUSES = [
  'scheduled',
  'queued',
  'sent',
  'delivered',
  'failed',
  'clicked',
  'reviewed',
  'opted_out',
  'held',
] as const;
export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatusSchema>;
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  clicked: 'Clicked',
  reviewed: 'Reviewed',
  opted_out: 'Opted out',
  held: 'Not sent (dev outbox)',
};

export const MESSAGE_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'held',
  'opted_out',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** At most one request per contact per company in this many days. */
export const SOLICITATION_REPEAT_DAYS = 30;
/** Sending hours in the recipient's zone: from 8:00, before 21:00. */
export const SENDING_HOURS = { start: 8, end: 21 } as const;
/** A review by the same name within this many days of the click marks the request reviewed. */
export const REVIEW_MATCH_DAYS = 14;
/** A bulk CSV holds at most this many rows. */
export const BULK_MAX_ROWS = 10_000;
/**
 * SMS keywords that opt a number out (the carriers' standard ones, CTIA), as the whole reply or
 * its first word, and those that opt it back in or ask for help. "OPT OUT" and "STOP ALL" read
 * as one word once spacing is normalised.
 */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

const name = (label: string, required: boolean) => {
  const base = z.string().trim().max(100, 'Use at most 100 characters.');
  return required ? base.min(1, `Enter the ${label}.`) : base.default('');
};

/**
 * One customer to ask. The phone is read as a US number unless it carries a country code
 * and is normalised to E.164; the email is lower-cased. What the send type needs is
 * checked with the request (solicitationCreateSchema).
 */
export const solicitationContactSchema = z.object({
  firstName: name('first name', true),
  lastName: name('last name', false),
  phone: z
    .string()
    .trim()
    .max(40)
    .default('')
    .transform((value, ctx) => {
      if (!value) return null;
      const e164 = e164OrNull(value);
      if (!e164) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.' });
      return e164;
    }),
  email: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = emailSchema.safeParse(value);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: 'Enter a valid email.' });
      return parsed.success ? parsed.data.toLowerCase() : null;
    }),
  /**
   * The customer's own zone, which decides the sending hours (8:00–21:00 where they are).
   * Empty: the company's zone (a local business's customers are mostly local).
   */
  timeZone: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      if (!value) return null;
      if (!isValidTimeZone(value)) {
        ctx.addIssue({ code: 'custom', message: 'Choose a time zone such as America/Chicago.' });
      }
      return value;
    }),
});
export type SolicitationContactInput = z.input<typeof solicitationContactSchema>;
export type SolicitationContact = z.output<typeof solicitationContactSchema>;

/**
 * `POST /api/uni/products/reviewsolicitation/{product_type}/{product_id}/add` (SPEC §7
 * `reviewsolicitation/{a}/{b}/add`): ask one or more customers now or at a local time in
 * the company's zone. `consent`: the client confirms each customer agreed to be contacted.
 */
export const solicitationCreateSchema = z
  .object({
    templateId: z.coerce
      .number({ error: 'Choose a template.' })
      .int()
      .positive('Choose a template.'),
    sendType: sendTypeSchema,
    /** Null: now (still within the recipient's sending hours). */
    scheduledFor: localDateTimeSchema.nullable().default(null),
    consent: z.literal(true, { error: 'Confirm that each customer agreed to be contacted.' }),
    contacts: z
      .array(solicitationContactSchema)
      .min(1, 'Add at least one customer.')
      .max(50, 'Add at most 50 customers here; upload a CSV for more.'),
  })
  .superRefine((value, ctx) => {
    value.contacts.forEach((contact, index) => {
      if (value.sendType !== 'email' && !contact.phone) {
        ctx.addIssue({
          code: 'custom',
          path: ['contacts', index, 'phone'],
          message: 'Enter a phone number to send an SMS.',
        });
      }
      if (value.sendType !== 'sms' && !contact.email) {
        ctx.addIssue({
          code: 'custom',
          path: ['contacts', index, 'email'],
          message: 'Enter an email to send an email.',
        });
      }
    });
  });
export type SolicitationCreate = z.input<typeof solicitationCreateSchema>;

/** Why a contact was not asked: each is a rule the server enforces. */
export const REFUSAL_CODES = ['opted_out', 'recent', 'duplicate'] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export const solicitationCreatedSchema = z.object({
  created: z.array(z.object({ index: z.number().int(), requestId: z.number().int() })),
  refused: z.array(
    z.object({
      index: z.number().int(),
      code: z.enum(REFUSAL_CODES),
      message: z.string(),
    }),
  ),
});
export type SolicitationCreated = z.infer<typeof solicitationCreatedSchema>;

export const solicitationProductParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
});
export const solicitationAddParamsSchema = z.object({
  productType: z.string().min(1).max(64),
  productId: z.coerce.number().int().positive(),
});
