import { z } from 'zod';
import { TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from './review-solicitation-render';

/**
 * Review-request templates (issue 20): the agency's defaults (offered to every company,
 * copied, never edited by a client) and each company's own. No libphonenumber here: the
 * templates panel and its live preview load this file.
 */
export const TEMPLATE_NAME_MAX = 80;
/** Four GSM-7 segments; a longer text costs more and reads as spam. */
export const TEMPLATE_SMS_MAX = 612;
export const TEMPLATE_SUBJECT_MAX = 150;
export const TEMPLATE_EMAIL_MAX = 5_000;

/**
 * Wording that asks only satisfied customers (review gating): Google's policy and the FTC
 * rule (16 CFR Part 465) forbid it, so a template that says it is refused.
 */
const GATING = [
  /\bif you (were|are|felt|have been) (happy|satisfied|pleased|delighted)/i,
  /\bif you (had|have|enjoyed) (a |an )?(good|great|positive|excellent|wonderful|5[- ]star|five[- ]star)/i,
  /\bonly if\b/i,
  /\bif (you|u) (liked|loved|enjoyed)\b/i,
  /\bif not,? (please )?(call|contact|tell|reply|email)/i,
];

/** The gating phrase a text contains, or null. */
export function gatingPhrase(text: string): string | null {
  for (const pattern of GATING) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return null;
}

/** Whether an SMS body tells the customer how to stop texts (CTIA asks for it). */
export function hasStopWording(text: string): boolean {
  return /\b(STOP|unsubscribe|opt[- ]out)\b/i.test(text);
}

const placeholderList = Object.keys(TEMPLATE_PLACEHOLDERS)
  .map((name) => `{${name}}`)
  .join(', ');

function bodyField(label: string, max: number, needsLink: boolean) {
  return z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters in the ${label}.`)
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')} in the ${label}; use ${placeholderList}.`,
        });
      }
      if (needsLink && !value.includes('{review_link}')) {
        ctx.addIssue({
          code: 'custom',
          message: `Put {review_link} in the ${label}, so the customer can leave the review.`,
        });
      }
      const gating = gatingPhrase(value);
      if (gating) {
        ctx.addIssue({
          code: 'custom',
          message: `Ask every customer the same way: remove "${gating}" (asking only happy customers is not allowed).`,
        });
      }
    });
}

/** `POST …/reviewsolicitation/{productId}/templates` and `PUT …/templates/{templateId}`. */
export const solicitationTemplateInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name for the template.')
    .max(TEMPLATE_NAME_MAX, `Use at most ${TEMPLATE_NAME_MAX} characters in the name.`),
  smsBody: bodyField('SMS text', TEMPLATE_SMS_MAX, true),
  emailSubject: z
    .string()
    .trim()
    .min(1, 'Enter the email subject.')
    .max(TEMPLATE_SUBJECT_MAX, `Use at most ${TEMPLATE_SUBJECT_MAX} characters in the subject.`)
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')} in the subject; use ${placeholderList}.`,
        });
      }
    }),
  emailBody: bodyField('email text', TEMPLATE_EMAIL_MAX, true),
});
export type SolicitationTemplateInput = z.input<typeof solicitationTemplateInputSchema>;

export const solicitationTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  smsBody: z.string(),
  emailSubject: z.string(),
  emailBody: z.string(),
  /** One of the agency's defaults: copied, never edited by a client. */
  isDefault: z.boolean(),
  updatedAt: z.string(),
});
export type SolicitationTemplate = z.infer<typeof solicitationTemplateSchema>;

export const solicitationTemplateListSchema = z.object({
  templates: z.array(solicitationTemplateSchema),
});
export type SolicitationTemplateList = z.infer<typeof solicitationTemplateListSchema>;

export const solicitationTemplateParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
  templateId: z.coerce.number().int().positive(),
});

/**
 * `POST …/templates/preview`: renders an unsaved template (so it is loose: only lengths),
 * with the company's name, a sample review link and the sample customer's names.
 */
export const solicitationTemplatePreviewInputSchema = z.object({
  smsBody: z
    .string()
    .max(TEMPLATE_SMS_MAX * 2)
    .default(''),
  emailSubject: z
    .string()
    .max(TEMPLATE_SUBJECT_MAX * 2)
    .default(''),
  emailBody: z
    .string()
    .max(TEMPLATE_EMAIL_MAX * 2)
    .default(''),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
});
export type SolicitationTemplatePreviewInput = z.input<
  typeof solicitationTemplatePreviewInputSchema
>;

export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
export type SmsEncoding = (typeof SMS_ENCODINGS)[number];

export const smsSegmentInfoSchema = z.object({
  encoding: z.enum(SMS_ENCODINGS),
  characters: z.number().int(),
  segments: z.number().int(),
  perSegment: z.number().int(),
});
export type SmsSegmentInfo = z.infer<typeof smsSegmentInfoSchema>;

export const solicitationTemplatePreviewSchema = z.object({
  sms: z.object({ text: z.string() }).extend(smsSegmentInfoSchema.shape),
  email: z.object({ subject: z.string(), text: z.string() }),
  /** Problems saving would refuse, and advice (no STOP wording), shown beside the preview. */
  warnings: z.array(z.string()),
});
export type SolicitationTemplatePreview = z.infer<typeof solicitationTemplatePreviewSchema>;

// GSM 03.38: the basic set (one septet each) and the extension table (escape + one septet).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/** Single-message capacity and the capacity of each part of a multipart message. */
const CAPACITY: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/**
 * How an SMS text is sent: GSM-7 when every character is in the GSM alphabet (extension
 * characters such as € and ^ take two septets), else UCS-2 (UTF-16 code units, an emoji
 * takes two). `characters` counts those units; a multipart message carries a header, so
 * each part holds 153 / 67, and a unit (an escape pair, a surrogate pair) is never split.
 */
export function smsSegments(text: string): SmsSegmentInfo {
  const chars = Array.from(text);
  const gsm = chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c));
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const sizes = chars.map((c) => (gsm ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const characters = sizes.reduce((sum, size) => sum + size, 0);
  const { single, part } = CAPACITY[encoding];
  if (characters === 0) return { encoding, characters, segments: 0, perSegment: single };
  if (characters <= single) return { encoding, characters, segments: 1, perSegment: single };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters, segments, perSegment: part };
}

/** "2 segments · GSM-7 · 171 characters", as the preview shows it. */
export function describeSmsSegments(info: SmsSegmentInfo): string {
  const segments = `${info.segments} segment${info.segments === 1 ? '' : 's'}`;
  const characters = `${info.characters} character${info.characters === 1 ? '' : 's'}`;
  return `${segments} · ${info.encoding} · ${characters}`;
}
