import {
  EMPTY_LISTING_FIELDS,
  type ListingField,
  type ListingFields,
  NAP_FIELDS,
  type NapField,
  type NapFieldStatus,
  type NapValues,
} from '@pinpoint/contracts';
import type { VendorNap } from '../../providers/listings-vendor/port';
import { displayField, normalField } from '../listings';

/**
 * NAP comparison for directory scans, on the normalising rules of the Google listing page
 * (`listings/listing-compare.ts`): phones as E.164 (libphonenumber), street words ("Street"
 * = "St"), the website's host and path, case and spacing ignored.
 */

const LISTING_FIELD: Record<NapField, ListingField> = {
  name: 'title',
  address: 'address',
  phone: 'phone',
  website: 'website',
};

export function napToListingFields(nap: VendorNap | null): ListingFields {
  if (!nap) return EMPTY_LISTING_FIELDS;
  const a = nap.address;
  return {
    ...EMPTY_LISTING_FIELDS,
    title: nap.name,
    address: a
      ? {
          addressLines: [a.line1, a.line2 ?? ''].filter((l) => l.trim()),
          locality: a.city,
          administrativeArea: a.state,
          postalCode: a.postalCode,
          regionCode: a.country,
        }
      : null,
    phone: nap.phone,
    website: nap.website,
  };
}

export function listingFieldsToNap(fields: ListingFields): VendorNap {
  const a = fields.address;
  return {
    name: fields.title,
    address: a
      ? {
          line1: a.addressLines[0] ?? '',
          line2: a.addressLines.slice(1).join(', ') || null,
          city: a.locality,
          state: a.administrativeArea,
          postalCode: a.postalCode,
          country: a.regionCode || 'US',
        }
      : null,
    phone: fields.phone,
    website: fields.website,
  };
}

/**
 * Normalised values by field and raw value: a scan compares the same few values (ours, and
 * each directory's) again and again, and libphonenumber's parse is the costly part.
 */
const normalCache = new Map<string, string>();
function normal(field: NapField, fields: ListingFields): string {
  const listingField = LISTING_FIELD[field];
  const key = `${field}:${JSON.stringify(fields[listingField])}`;
  let value = normalCache.get(key);
  if (value === undefined) {
    if (normalCache.size > 10_000) normalCache.clear();
    value = normalField(listingField, fields);
    normalCache.set(key, value);
  }
  return value;
}

/** Each NAP field of a directory's listing against ours. */
export function compareNap(ours: VendorNap, found: VendorNap): Record<NapField, NapFieldStatus> {
  const o = napToListingFields(ours);
  const f = napToListingFields(found);
  const out = {} as Record<NapField, NapFieldStatus>;
  for (const field of NAP_FIELDS) {
    const mine = normal(field, o);
    const theirs = normal(field, f);
    // As listing-compare's compareField, on the cached values.
    out[field] = !mine
      ? 'not_compared'
      : mine === theirs
        ? 'match'
        : theirs
          ? 'mismatch'
          : 'missing';
  }
  return out;
}

/** Two listings show the same value of the field (after normalising). */
export function sameNapField(field: NapField, a: VendorNap | null, b: VendorNap | null): boolean {
  return normal(field, napToListingFields(a)) === normal(field, napToListingFields(b));
}

/** A listing's values as lines a person reads (the address on one line). */
export function napValues(nap: VendorNap | null): NapValues {
  const fields = napToListingFields(nap);
  const line = (field: NapField) => displayField(LISTING_FIELD[field], fields).join(', ') || null;
  return {
    name: line('name'),
    address: line('address'),
    phone: line('phone'),
    website: line('website'),
  };
}

/** What a stored `found` (jsonb) holds: the VendorNap as scanned. */
export function readStoredNap(value: unknown): VendorNap | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<VendorNap>;
  return {
    name: typeof v.name === 'string' ? v.name : null,
    address: v.address && typeof v.address === 'object' ? v.address : null,
    phone: typeof v.phone === 'string' ? v.phone : null,
    website: typeof v.website === 'string' ? v.website : null,
  };
}

export interface ScoredResult {
  status: string;
  fields: Record<string, string>;
  duplicates: number;
}

/**
 * The NAP consistency score, 0–100 (docs/areas/listing-scans.md):
 * each directory with data counts equally; a directory where the business is not found
 * scores 0; a found one scores the share of compared fields that match (fields Pinpoint has
 * no value for are not compared), less 0.25 when it also carries a duplicate listing (never
 * below 0). Directories whose data was unavailable are left out. Score = round(100 × mean).
 */
export function napScore(results: ScoredResult[]): number | null {
  const counted = results.filter((r) => r.status !== 'unavailable');
  if (counted.length === 0) return null;
  let sum = 0;
  for (const r of counted) {
    if (r.status !== 'found') continue;
    const compared = Object.values(r.fields).filter((s) => s !== 'not_compared');
    const matched = compared.filter((s) => s === 'match').length;
    const share = compared.length ? matched / compared.length : 1;
    sum += Math.max(0, share - (r.duplicates > 0 ? 0.25 : 0));
  }
  return Math.round((100 * sum) / counted.length);
}

export function scanCounts(results: ScoredResult[]) {
  return {
    found: results.filter((r) => r.status === 'found').length,
    notFound: results.filter((r) => r.status === 'not_found').length,
    mismatched: results.filter(
      (r) =>
        r.status === 'found' &&
        Object.values(r.fields).some((s) => s === 'mismatch' || s === 'missing'),
    ).length,
    duplicates: results.filter((r) => r.duplicates > 0).length,
    unavailable: results.filter((r) => r.status === 'unavailable').length,
  };
}
