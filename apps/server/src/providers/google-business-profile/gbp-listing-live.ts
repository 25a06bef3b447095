import type { HoursPeriod, ListingFields, SpecialHours } from '@pinpoint/contracts';
import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import { createVendorSend, unexpectedShape } from '../kernel/vendor-http';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import { googleApiHttp } from './google-api-http';
import type { ConnectionAccess, ListingProvider, LocationField } from './listing-port';

const LABEL = 'Google Business Profile';
export const GBP_BUSINESS_INFO_DEFAULT_URL = 'https://mybusinessbusinessinformation.googleapis.com';
/** Everything the comparison reads from the Location (attributes are a resource apart). */
export const LISTING_READ_MASK =
  'title,categories,storefrontAddress,phoneNumbers,websiteUri,regularHours,specialHours';

/** Our field → the Location's update-mask path. Categories go whole (primary + additional). */
const MASK: Record<LocationField, string> = {
  title: 'title',
  primaryCategory: 'categories',
  additionalCategories: 'categories',
  address: 'storefrontAddress',
  // Only the primary number: the location's additional numbers stay as they are.
  phone: 'phoneNumbers.primaryPhone',
  website: 'websiteUri',
  regularHours: 'regularHours',
  specialHours: 'specialHours',
};

// Google's JSON (proto3): zero and empty values are left out, so nearly everything is optional.
const timeOfDay = z.object({ hours: z.number().optional(), minutes: z.number().optional() });
const date = z.object({ year: z.number(), month: z.number(), day: z.number() });
const category = z.object({ name: z.string().optional(), displayName: z.string().optional() });
const locationSchema = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  categories: z
    .object({
      primaryCategory: category.optional(),
      additionalCategories: z.array(category).optional(),
    })
    .optional(),
  storefrontAddress: z
    .object({
      regionCode: z.string().optional(),
      postalCode: z.string().optional(),
      administrativeArea: z.string().optional(),
      locality: z.string().optional(),
      addressLines: z.array(z.string()).optional(),
    })
    .optional(),
  phoneNumbers: z.object({ primaryPhone: z.string().optional() }).optional(),
  websiteUri: z.string().optional(),
  regularHours: z
    .object({
      periods: z
        .array(
          z.object({
            openDay: z.string(),
            openTime: timeOfDay.optional(),
            closeDay: z.string(),
            closeTime: timeOfDay.optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  specialHours: z
    .object({
      specialHourPeriods: z
        .array(
          z.object({
            startDate: date,
            openTime: timeOfDay.optional(),
            closeTime: timeOfDay.optional(),
            closed: z.boolean().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
type GoogleLocation = z.infer<typeof locationSchema>;

const attributeSchema = z.object({
  name: z.string(),
  valueType: z.string().optional(),
  values: z.array(z.unknown()).optional(),
  repeatedEnumValue: z.object({ setValues: z.array(z.string()).optional() }).optional(),
  uriValues: z.array(z.object({ uri: z.string() })).optional(),
});
const attributesSchema = z.object({ attributes: z.array(attributeSchema).optional() });

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (t: z.infer<typeof timeOfDay> | undefined) =>
  `${pad(t?.hours ?? 0)}:${pad(t?.minutes ?? 0)}`;
const timeOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return { hours, minutes };
};
const DAYS = new Set([
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
]);
const day = (d: string) => (DAYS.has(d) ? d : 'MONDAY') as HoursPeriod['openDay'];
/** Our display names go to Google as category ids of its documented `gcid:` form. */
const categoryId = (displayName: string) =>
  `categories/gcid:${displayName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;

/** Google's Location as our fields; only the fields present in it. */
export function fromGoogleLocation(location: GoogleLocation): Partial<ListingFields> {
  const out: Partial<ListingFields> = {};
  if ('title' in location) out.title = location.title || null;
  if (location.categories) {
    out.primaryCategory = location.categories.primaryCategory?.displayName || null;
    out.additionalCategories = (location.categories.additionalCategories ?? [])
      .map((c) => c.displayName ?? '')
      .filter(Boolean);
  }
  if (location.storefrontAddress) {
    const a = location.storefrontAddress;
    out.address = {
      addressLines: a.addressLines ?? [],
      locality: a.locality ?? '',
      administrativeArea: a.administrativeArea ?? '',
      postalCode: a.postalCode ?? '',
      regionCode: a.regionCode ?? '',
    };
  }
  if (location.phoneNumbers) out.phone = location.phoneNumbers.primaryPhone || null;
  if ('websiteUri' in location) out.website = location.websiteUri || null;
  if (location.regularHours) {
    out.regularHours = (location.regularHours.periods ?? []).map((p) => ({
      openDay: day(p.openDay),
      openTime: clock(p.openTime),
      closeDay: day(p.closeDay),
      closeTime: clock(p.closeTime),
    }));
  }
  if (location.specialHours) {
    out.specialHours = (location.specialHours.specialHourPeriods ?? []).map(
      (p): SpecialHours => ({
        date: `${p.startDate.year}-${pad(p.startDate.month)}-${pad(p.startDate.day)}`,
        closed: p.closed ?? false,
        openTime: p.closed ? null : clock(p.openTime),
        closeTime: p.closed ? null : clock(p.closeTime),
      }),
    );
  }
  return out;
}

/** Our values as the Location body of a patch (only the masked parts). */
export function toGoogleLocation(
  fields: LocationField[],
  values: Partial<ListingFields>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const has = (f: LocationField) => fields.includes(f);
  if (has('title')) body.title = values.title ?? '';
  if (has('primaryCategory') || has('additionalCategories')) {
    body.categories = {
      ...(values.primaryCategory && {
        primaryCategory: {
          name: categoryId(values.primaryCategory),
          displayName: values.primaryCategory,
        },
      }),
      additionalCategories: (values.additionalCategories ?? []).map((c) => ({
        name: categoryId(c),
        displayName: c,
      })),
    };
  }
  if (has('address') && values.address) body.storefrontAddress = values.address;
  if (has('phone')) body.phoneNumbers = { primaryPhone: values.phone ?? '' };
  if (has('website')) body.websiteUri = values.website ?? '';
  if (has('regularHours')) {
    body.regularHours = {
      periods: (values.regularHours ?? []).map((p) => ({
        openDay: p.openDay,
        openTime: timeOf(p.openTime),
        closeDay: p.closeDay,
        closeTime: timeOf(p.closeTime),
      })),
    };
  }
  if (has('specialHours')) {
    body.specialHours = {
      specialHourPeriods: (values.specialHours ?? []).map((s) => {
        const [year, month, dayOfMonth] = s.date.split('-').map(Number);
        return {
          startDate: { year, month, day: dayOfMonth },
          ...(s.closed
            ? { closed: true }
            : {
                openTime: timeOf(s.openTime ?? '00:00'),
                closeTime: timeOf(s.closeTime ?? '24:00'),
              }),
        };
      }),
    };
  }
  return body;
}

const attributeId = (name: string) => name.replace(/^.*attributes\//, '');

function fromGoogleAttributes(
  list: z.infer<typeof attributeSchema>[],
): ListingFields['attributes'] {
  const out: ListingFields['attributes'] = {};
  for (const a of list) {
    const id = attributeId(a.name);
    if (a.valueType === 'REPEATED_ENUM') out[id] = a.repeatedEnumValue?.setValues ?? [];
    else if (a.valueType === 'URL') out[id] = a.uriValues?.[0]?.uri ?? '';
    else {
      const value = a.values?.[0];
      if (typeof value === 'boolean' || typeof value === 'string') out[id] = value;
    }
  }
  return out;
}

function toGoogleAttribute(id: string, value: ListingFields['attributes'][string]) {
  const name = `attributes/${id}`;
  if (typeof value === 'boolean') return { name, valueType: 'BOOL', values: [value] };
  if (Array.isArray(value)) {
    return { name, valueType: 'REPEATED_ENUM', repeatedEnumValue: { setValues: value } };
  }
  if (/^https?:\/\//.test(value)) return { name, valueType: 'URL', uriValues: [{ uri: value }] };
  return { name, valueType: 'ENUM', values: [value] };
}

/** `accounts/{a}/locations/{l}` (how connections name a location) → `locations/{l}`. */
export function locationName(externalAccount: string): string {
  const match = /(?:^|\/)locations\/([^/]+)$/.exec(externalAccount);
  if (!match?.[1]) {
    throw new VendorError(GBP_VENDOR, 'invalid', `"${externalAccount}" is not a location.`);
  }
  return `locations/${encodeURIComponent(match[1])}`;
}

export interface GbpListingLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * A location's listing through the Business Information API v1: `locations.get` with a
 * read mask, `locations.getAttributes`, `locations.patch` with an update mask and
 * `locations.updateAttributes` with an attribute mask. One request a call.
 */
export function createGbpListingLive(options: GbpListingLiveOptions): ListingProvider {
  const base = (options.baseUrl ?? GBP_BUSINESS_INFO_DEFAULT_URL).replace(/\/+$/, '');
  const send = createVendorSend({ ...options, vendor: GBP_VENDOR, label: LABEL });

  const { headers, failure } = googleApiHttp(LABEL);

  async function call<T extends z.ZodType>(
    access: ConnectionAccess,
    request: { url: string; method: 'GET' | 'PATCH'; body?: unknown; signal?: AbortSignal },
    schema: T,
  ): Promise<z.output<T>> {
    const response = await send({
      url: request.url,
      method: request.method,
      headers: headers(access, request.body !== undefined),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
    if (!response.ok) throw failure(response, access);
    const parsed = schema.safeParse(response.json ?? {});
    if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
    return parsed.data;
  }

  return {
    vendor: GBP_VENDOR,
    mode: 'live',

    async getListing(access, signal) {
      const name = locationName(access.externalAccount);
      const location = await call(
        access,
        { url: `${base}/v1/${name}?readMask=${LISTING_READ_MASK}`, method: 'GET', signal },
        locationSchema,
      );
      const attributes = await call(
        access,
        { url: `${base}/v1/${name}/attributes`, method: 'GET', signal },
        attributesSchema,
      );
      // A read mask asks for every field: one Google leaves out is one the listing lacks.
      return {
        title: null,
        primaryCategory: null,
        additionalCategories: [],
        address: null,
        phone: null,
        website: null,
        regularHours: [],
        specialHours: [],
        ...fromGoogleLocation(location),
        attributes: fromGoogleAttributes(attributes.attributes ?? []),
      };
    },

    async patchLocation(access, fields, values) {
      const mask = [...new Set(fields.map((f) => MASK[f]))].join(',');
      const location = await call(
        access,
        {
          url: `${base}/v1/${locationName(access.externalAccount)}?updateMask=${mask}`,
          method: 'PATCH',
          body: toGoogleLocation(fields, values),
        },
        locationSchema,
      );
      const answered = fromGoogleLocation(location);
      // What Google answered for the masked fields; what we sent where it said nothing.
      return Object.fromEntries(
        fields.map((f) => [f, f in answered ? answered[f] : (values[f] ?? null)]),
      ) as Partial<ListingFields>;
    },

    async patchAttributes(access, attributes, remove) {
      const name = `${locationName(access.externalAccount)}/attributes`;
      const ids = Object.keys(attributes);
      const mask = [...ids, ...remove].map((id) => `attributes/${id}`).join(',');
      const answered = await call(
        access,
        {
          url: `${base}/v1/${name}?attributeMask=${encodeURIComponent(mask)}`,
          method: 'PATCH',
          body: {
            name,
            attributes: ids.map((id) => toGoogleAttribute(id, attributes[id] ?? false)),
          },
        },
        attributesSchema,
      );
      // Google answers the location's attributes; an empty answer means ours stand as sent.
      const now = fromGoogleAttributes(answered.attributes ?? []);
      return Object.keys(now).length > 0 ? now : attributes;
    },
  };
}
