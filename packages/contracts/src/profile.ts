import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { emailSchema } from './identity';
import { placeIdSchema } from './places';

/**
 * The company profile's contact fields (`PUT /api/uni/client/{id}/profile`). One schema for
 * the server's check and the form's, so both say the same thing about the same input.
 * Phone, email, website and postal code are normalised here, so what is stored is uniform.
 */

/** An empty or blank string clears a field: it is stored as null. */
const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** Left out: unchanged; null or blank: cleared; otherwise checked and normalised. */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable()).optional();
}

export const PHONE_EXAMPLE = '(512) 555-0134';

/** A US number in any common writing (or an international one with +), stored as E.164. */
export const phoneSchema = /* @__PURE__ */ phone();

/**
 * Built in a function called with a pure annotation, so that bundles which never use the
 * schema (every web page but the profile's) leave libphonenumber's metadata out.
 */
function phone() {
  return z
    .string({ error: 'Enter a phone number.' })
    .trim()
    .max(40, 'Use at most 40 characters.')
    .transform((value, ctx) => {
      const parsed = parsePhoneNumberFromString(value, 'US');
      if (!parsed?.isValid()) {
        ctx.addIssue({
          code: 'custom',
          message: `Enter a valid phone number, such as ${PHONE_EXAMPLE}.`,
        });
        return z.NEVER;
      }
      return parsed.number;
    });
}

/** A stored E.164 number as people read it: (512) 555-0134 for US numbers. */
export function formatPhone(e164: string | null): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}

/** WHATWG URL, in browsers and Node alike; the contracts compile without either's types. */
type ParsedUrl = Record<
  'protocol' | 'hostname' | 'username' | 'password' | 'pathname' | 'search' | 'hash' | 'href',
  string
>;
declare const URL: new (input: string) => ParsedUrl;

const WEBSITE_MESSAGE = 'Enter a web address such as https://example.com.';

/** http(s) only; a bare host gets https://. Stored without a lone trailing slash. */
export const websiteSchema = z
  .string({ error: WEBSITE_MESSAGE })
  .trim()
  .max(400, 'Use at most 400 characters.')
  .transform((value, ctx) => {
    const hasScheme =
      /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
      /^(javascript|data|mailto|vbscript|file|ftp|tel):/i.test(value);
    let url: ParsedUrl;
    try {
      url = new URL(hasScheme ? value : `https://${value}`);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBSITE_MESSAGE });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({
        code: 'custom',
        message: 'The web address must start with http:// or https://.',
      });
      return z.NEVER;
    }
    if (!url.hostname.includes('.') || url.username || url.password || /\s/.test(value)) {
      ctx.addIssue({ code: 'custom', message: WEBSITE_MESSAGE });
      return z.NEVER;
    }
    const href = url.href;
    return url.pathname === '/' && !url.search && !url.hash ? href.slice(0, -1) : href;
  });

/** US ZIP code: 5 digits, or ZIP+4, stored as 12345 or 12345-6789. */
export const postalCodeSchema = z
  .string({ error: 'Enter a ZIP code.' })
  .trim()
  .transform((value, ctx) => {
    const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(value);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a 5-digit ZIP code, or ZIP+4 such as 78701-1234.',
      });
      return z.NEVER;
    }
    return match[2] ? `${match[1]}-${match[2]}` : (match[1] as string);
  });

const addressLineSchema = z
  .string({ error: 'Enter the address as text.' })
  .trim()
  .max(200, 'Use at most 200 characters.');

/** The fields a client may change on its own profile; each one may be left out. */
export const PROFILE_FIELDS = [
  'phone',
  'email',
  'website',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'placeId',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * Strict: any other field (name, label, category, vertical, status, ids…) is refused with a
 * message naming it, never stored. The location is only ever a picked place id: the server
 * looks the place up again and stores the names it finds, never names sent by the browser.
 */
export const profileUpdateSchema = /* @__PURE__ */ profileUpdate();

function profileUpdate() {
  return z.strictObject(
    {
      phone: clearable(phoneSchema),
      email: clearable(emailSchema),
      website: clearable(websiteSchema),
      addressLine1: clearable(addressLineSchema),
      addressLine2: clearable(addressLineSchema),
      postalCode: clearable(postalCodeSchema),
      placeId: placeIdSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `These fields cannot be changed here: ${issue.keys.join(', ')}.`
          : undefined,
    },
  );
}

export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateParsed = z.output<typeof profileUpdateSchema>;
