import { EMPTY_LISTING_FIELDS, formatPhone, type ListingFields } from '@pinpoint/contracts';
import { hash32 } from '../../kernel/demo/random';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import type { ConnectionAccess, ListingProvider } from './listing-port';

/** What the demo knows of a location: Google's listing as last stored, and our profile. */
export interface DemoListingBasis {
  stored: ListingFields | null;
  ours: ListingFields;
}

export interface GbpListingDemoOptions {
  seed?: string;
  /** The business behind an account (the plugin reads it from our tables). */
  describe?: (externalAccount: string) => Promise<DemoListingBasis | null>;
}

/** The drift a demo location has from the company's own profile, by its account. */
export const DEMO_DRIFTS = [
  'old-phone',
  'suite',
  'friday-hours',
  'extra-category',
  'none',
] as const;
export type DemoDrift = (typeof DEMO_DRIFTS)[number];

export function demoDrift(externalAccount: string, seed = 'pinpoint-demo'): DemoDrift {
  return DEMO_DRIFTS[hash32(`${seed}#listing#${externalAccount}`) % DEMO_DRIFTS.length] ?? 'none';
}

/**
 * Google's listing as the company's own profile with the drift real listings have: an old
 * phone number, a suite Google has and we lack, Friday's hours an hour shorter, an extra
 * category. Written the way Google writes it (a national phone number, a trailing slash on
 * the website), which the comparison must not call a difference.
 */
export function demoGoogleListing(ours: ListingFields, drift: DemoDrift): ListingFields {
  const google: ListingFields = structuredClone(ours);
  google.phone = ours.phone ? formatPhone(ours.phone) : null;
  if (ours.website && !ours.website.endsWith('/')) google.website = `${ours.website}/`;
  switch (drift) {
    case 'old-phone':
      if (ours.phone) {
        const digits = ours.phone.slice(-4);
        const old = String((Number(digits) + 4321) % 10_000).padStart(4, '0');
        google.phone = formatPhone(`${ours.phone.slice(0, -4)}${old}`);
      }
      break;
    case 'suite':
      if (google.address) {
        const lines = google.address.addressLines;
        google.address.addressLines =
          lines.length > 1 ? lines.slice(0, 1) : [...lines, 'Suite 120'];
      }
      break;
    case 'friday-hours':
      google.regularHours = ours.regularHours.map((p) =>
        p.openDay === 'FRIDAY' ? { ...p, closeTime: earlier(p.closeTime) } : p,
      );
      break;
    case 'extra-category':
      google.additionalCategories = [...ours.additionalCategories, 'Emergency service'];
      break;
  }
  return google;
}

const earlier = (hhmm: string) => {
  const [h = 17, m = 0] = hhmm.split(':').map(Number);
  return `${String(Math.max(1, h - 1)).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

/**
 * Deterministic listings for any location. A location whose listing is stored reads back
 * as stored (so the demo stays put across restarts and after "Accept Google's"); one not
 * yet stored is the company's profile with its drift. Patches are kept in memory as an
 * overlay and read back, so a push then matches.
 */
export function createGbpListingDemo(options: GbpListingDemoOptions = {}): ListingProvider {
  const seed = options.seed ?? 'pinpoint-demo';
  const overlays = new Map<string, Partial<ListingFields>>();

  async function read(access: ConnectionAccess): Promise<ListingFields> {
    const account = access.externalAccount;
    const basis = await options.describe?.(account);
    const base = basis
      ? (basis.stored ?? demoGoogleListing(basis.ours, demoDrift(account, seed)))
      : EMPTY_LISTING_FIELDS;
    return { ...base, ...overlays.get(account) };
  }

  function remember(account: string, values: Partial<ListingFields>) {
    overlays.set(account, { ...overlays.get(account), ...values });
  }

  return {
    vendor: GBP_VENDOR,
    mode: 'demo',
    getListing: read,
    async patchLocation(access, fields, values) {
      const set: Partial<ListingFields> = {};
      for (const field of fields) {
        Object.assign(set, { [field]: values[field] ?? EMPTY_LISTING_FIELDS[field] });
      }
      // Categories are one resource at Google: both halves are written together.
      if (fields.includes('primaryCategory') || fields.includes('additionalCategories')) {
        set.primaryCategory = values.primaryCategory ?? null;
        set.additionalCategories = values.additionalCategories ?? [];
      }
      remember(access.externalAccount, set);
      return set;
    },
    async patchAttributes(access, attributes, remove) {
      const current = (await read(access)).attributes;
      const next = { ...current, ...attributes };
      for (const id of remove) delete next[id];
      remember(access.externalAccount, { attributes: next });
      return next;
    },
  };
}
