import { z } from 'zod';
import { emailSchema } from './identity';
import { phoneSchema, postalCodeSchema, websiteSchema } from './profile';

/**
 * `POST /api/uni/system/addlead`: a sales prospect entered by staff, in the lead creation
 * payload of SPEC §3. The street address comes as one `street_address`, or as the form's
 * two lines (`street_address_1`, `street_address_2`), which are joined into it.
 */
const required = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters.`);
const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** Blank optional values count as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const US_NAMES = new Set(['us', 'usa', 'united states', 'united states of america']);

/** Built in a pure-annotated call: bundles that never use it leave the phone metadata out. */
export const leadCreateSchema = /* @__PURE__ */ leadCreate();

function leadCreate() {
  return z
    .strictObject(
      {
        company: required(200, 'Enter the company name.'),
        first_name: required(100, 'Enter the first name.'),
        last_name: required(100, 'Enter the last name.'),
        email: emailSchema,
        phone_number: optional(phoneSchema),
        alt_phone_number: optional(phoneSchema),
        street_address: optional(text(400)),
        street_address_1: optional(text(200)),
        street_address_2: optional(text(200)),
        city: optional(text(100)),
        state: optional(text(100)),
        zip: optional(text(20)),
        country: optional(text(100)),
        web_address: optional(websiteSchema),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Unknown fields: ${issue.keys.join(', ')}.`
            : undefined,
      },
    )
    .superRefine((lead, ctx) => {
      if (lead.street_address && (lead.street_address_1 || lead.street_address_2)) {
        ctx.addIssue({
          code: 'custom',
          path: ['street_address'],
          message: 'Send street_address or the two address lines, not both.',
        });
      }
      // A ZIP of a US lead (the default country) must be a US ZIP code.
      if (lead.zip && (!lead.country || US_NAMES.has(lead.country.toLowerCase()))) {
        if (!postalCodeSchema.safeParse(lead.zip).success) {
          ctx.addIssue({
            code: 'custom',
            path: ['zip'],
            message: 'Enter a 5-digit ZIP code, or ZIP+4 such as 78701-1234.',
          });
        }
      }
    })
    .transform(({ street_address_1, street_address_2, ...lead }) => ({
      ...lead,
      street_address:
        lead.street_address ??
        ([street_address_1, street_address_2].filter(Boolean).join(', ') || undefined),
      zip: lead.zip ? (postalCodeSchema.safeParse(lead.zip).data ?? lead.zip) : undefined,
    }));
}

export type LeadCreate = z.input<typeof leadCreateSchema>;

/** A lead as stored: the SPEC §3 payload with its id and creation time. */
export const leadSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  alt_phone_number: z.string().nullable(),
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  web_address: z.string().nullable(),
  created_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;
