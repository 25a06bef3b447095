import {
  EMPTY_LISTING_FIELDS,
  formatPhone,
  type ListingField,
  type ListingFieldStatus,
  type ListingFields,
  listingFieldsSchema,
  phoneSchema,
  WEEK_DAYS,
} from '@pinpoint/contracts';

/**
 * Field-by-field comparison of Google's listing and ours. Both sides are normalised first,
 * so a difference is one a person would call one: "(512) 555-0134" and "+15125550134" are
 * the same phone, "Street" and "St." the same street, "https://www.x.com/" and "x.com" the
 * same website; hours compare as sets of periods whatever order Google lists them in.
 */

const text = (value: string | null | undefined) =>
  (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** E.164 where libphonenumber can read it (US by default, as the profile form does). */
export function normalPhone(value: string | null | undefined): string {
  if (!value?.trim()) return '';
  const parsed = phoneSchema.safeParse(value);
  return parsed.success ? parsed.data : value.replace(/[^\d+]/g, '');
}

function normalWebsite(value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  if (!raw) return '';
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.hostname.toLowerCase().replace(/^www\./, '')}${path}${url.search}`;
  } catch {
    return text(raw);
  }
}

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  parkway: 'pkwy',
  highway: 'hwy',
  suite: 'ste',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

function normalAddressPart(value: string): string {
  return text(value)
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
}

function normalAddress(address: ListingFields['address']): string {
  if (!address) return '';
  const region = address.regionCode.trim().toUpperCase() || 'US';
  const postal = address.postalCode.replace(/\s+/g, '').toUpperCase();
  return [
    address.addressLines.map(normalAddressPart).filter(Boolean).join(' '),
    text(address.locality),
    address.administrativeArea.trim().toUpperCase(),
    region === 'US' ? postal.slice(0, 5) : postal,
    region,
  ].join('|');
}

const sorted = (items: string[]) => [...items].sort();

/** Each field's comparable form; '' (or an empty list) means the side has no value. */
export function normalField(field: ListingField, fields: ListingFields): string {
  switch (field) {
    case 'title':
      return text(fields.title);
    case 'primaryCategory':
      return text(fields.primaryCategory);
    case 'additionalCategories':
      return sorted([...new Set(fields.additionalCategories.map(text).filter(Boolean))]).join('|');
    case 'address':
      return fields.address?.addressLines.some((l) => l.trim())
        ? normalAddress(fields.address)
        : '';
    case 'phone':
      return normalPhone(fields.phone);
    case 'website':
      return normalWebsite(fields.website);
    case 'regularHours':
      return sorted(
        fields.regularHours.map((p) => `${p.openDay} ${p.openTime}-${p.closeDay} ${p.closeTime}`),
      ).join('|');
    case 'specialHours':
      return sorted(
        fields.specialHours.map((s) =>
          s.closed ? `${s.date} closed` : `${s.date} ${s.openTime}-${s.closeTime}`,
        ),
      ).join('|');
    case 'attributes':
      return sorted(
        Object.entries(fields.attributes).map(
          ([k, v]) => `${k}=${Array.isArray(v) ? sorted(v).join(',') : String(v)}`,
        ),
      ).join('|');
  }
}

export function compareField(
  field: ListingField,
  google: ListingFields,
  ours: ListingFields,
): ListingFieldStatus {
  const g = normalField(field, google);
  const o = normalField(field, ours);
  if (g === o) return 'match';
  if (!g) return 'missing_on_google';
  if (!o) return 'missing_here';
  return 'differs';
}

/**
 * A stored listing (jsonb) read leniently: a field that is absent or not of its shape is
 * empty, so one odd value never hides the rest.
 */
export function readStoredFields(stored: unknown): ListingFields {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...EMPTY_LISTING_FIELDS };
  for (const [key, schema] of Object.entries(listingFieldsSchema.shape)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success && source[key] !== undefined) out[key] = parsed.data;
  }
  return out as ListingFields;
}

const DAY_NAMES: Record<string, string> = Object.fromEntries(
  WEEK_DAYS.map((d) => [d, `${d[0]}${d.slice(1).toLowerCase()}`]),
);

function attributeLabel(id: string): string {
  const words = id.replace(/^(has|is)_/, '').replace(/_/g, ' ');
  return `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;
}

/** A field's value as lines to read; none when the side has no value. */
export function displayField(field: ListingField, fields: ListingFields): string[] {
  if (!normalField(field, fields)) return [];
  switch (field) {
    case 'title':
      return [fields.title ?? ''];
    case 'primaryCategory':
      return [fields.primaryCategory ?? ''];
    case 'additionalCategories':
      return fields.additionalCategories;
    case 'address': {
      const a = fields.address;
      if (!a) return [];
      const place = `${a.locality}${a.locality && a.administrativeArea ? ', ' : ''}${a.administrativeArea} ${a.postalCode}`;
      return [...a.addressLines.filter((l) => l.trim()), place.trim()].filter(Boolean);
    }
    case 'phone':
      return [formatPhone(normalPhone(fields.phone)) || (fields.phone ?? '')];
    case 'website':
      return [fields.website ?? ''];
    case 'regularHours':
      return WEEK_DAYS.map((day) => {
        const periods = fields.regularHours.filter((p) => p.openDay === day);
        const times = periods.map((p) => `${p.openTime}–${p.closeTime}`).join(', ');
        return `${DAY_NAMES[day]}: ${times || 'Closed'}`;
      });
    case 'specialHours':
      return sorted(
        fields.specialHours.map((s) =>
          s.closed ? `${s.date}: Closed` : `${s.date}: ${s.openTime}–${s.closeTime}`,
        ),
      );
    case 'attributes':
      return sorted(
        Object.entries(fields.attributes).map(([k, v]) => {
          const value =
            typeof v === 'boolean' ? (v ? 'Yes' : 'No') : Array.isArray(v) ? v.join(', ') : v;
          return `${attributeLabel(k)}: ${value}`;
        }),
      );
  }
}
