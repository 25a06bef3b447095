import type { NapField } from '@pinpoint/contracts';
import { LISTINGS_VENDOR } from '../kernel/vendor-ids';
import type { ListingsVendorProvider, VendorDirectoryListing, VendorNap } from './port';

/** What the demo knows of a location: the company's values and the fixes sent to it. */
export interface DemoListingsBasis {
  ours: VendorNap;
  /** Fixes the vendor accepted (sent outbox writes): from then on those fields are ours. */
  fixes: { directory: string; fields: NapField[]; sentAt: Date }[];
}

export interface ListingsDemoOptions {
  describe(locationId: string): Promise<DemoListingsBasis | null>;
  /** The demo's clock; the seed passes its anchor. */
  now?: () => Date;
}

/** FNV-1a: the same account, directory and salt always draw the same number. */
function hash(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
const monthOf = (at: Date) => at.getUTCFullYear() * 12 + at.getUTCMonth();

type Issue = 'old-phone' | 'no-suite' | 'old-name' | 'old-website' | 'no-website';
const ISSUES: Issue[] = ['old-phone', 'no-suite', 'old-name', 'old-website', 'no-website'];
const ISSUE_FIELD: Record<Issue, NapField> = {
  'old-phone': 'phone',
  'no-suite': 'address',
  'old-name': 'name',
  'old-website': 'website',
  'no-website': 'website',
};
/** Directories the business is always on (the agency starts there). */
const ALWAYS_FOUND = new Set(['google', 'facebook', 'bing']);

/** The phone the business had before: same area code, other last four digits. */
function oldPhone(phone: string | null, h: number): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return phone;
  const last = String((Number(digits.slice(-4)) + 1 + (h % 8000)) % 10_000).padStart(4, '0');
  const rest = digits.slice(0, -4).replace(/^1(?=\d{6}$)/, '');
  return `(${rest.slice(0, 3)}) ${rest.slice(3, 6)}-${last}`;
}

function withIssue(nap: VendorNap, issue: Issue, h: number): VendorNap {
  switch (issue) {
    case 'old-phone':
      return { ...nap, phone: oldPhone(nap.phone, h) };
    case 'no-suite': {
      const a = nap.address;
      if (!a) return nap;
      // No suite to drop: the directory has the old street number instead.
      if (a.line2) return { ...nap, address: { ...a, line2: null } };
      const moved = a.line1.replace(/^\d+/, (n) => String(Number(n) + 10 + (h % 90)));
      return { ...nap, address: { ...a, line1: moved } };
    }
    case 'old-name':
      return { ...nap, name: nap.name ? `${nap.name} ${h % 2 ? 'LLC' : 'Inc.'}` : null };
    case 'old-website': {
      if (!nap.website) return nap;
      try {
        const url = new URL(
          /^https?:\/\//.test(nap.website) ? nap.website : `https://${nap.website}`,
        );
        return { ...nap, website: `http://old-${url.hostname.replace(/^www\./, '')}` };
      } catch {
        return nap;
      }
    }
    case 'no-website':
      return { ...nap, website: null };
  }
}

function slugOf(name: string | null): string {
  return (name ?? 'business')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One directory's listing of a demo location at `at`, as the demo vendor tells it (its clock `now`). */
export function demoListingAt(
  locationId: string,
  directory: string,
  basis: DemoListingsBasis,
  at: Date,
  now: Date,
): VendorDirectoryListing {
  const base = monthOf(now);
  const month = monthOf(at);
  const h = (salt: string) => hash(locationId, directory, salt);
  const listedFrom = h('listed') % 10 < 3 ? base - 18 + (h('listed-at') % 22) : -Infinity;
  const found = ALWAYS_FOUND.has(directory) || (h('found') % 100 >= 8 && month >= listedFrom);
  const checkedAt = at;
  if (!found) {
    return {
      directory,
      found: false,
      listingUrl: null,
      nap: null,
      duplicates: [],
      syncStatus: 'NOT_SYNCED',
      checkedAt,
    };
  }
  let nap: VendorNap = { ...basis.ours };
  const issueCount = h('issues') % 10 < 4 ? 0 : h('issues') % 10 < 8 ? 1 : 2;
  const fixedFields = new Set(
    basis.fixes
      .filter((f) => f.directory === directory && f.sentAt.getTime() <= at.getTime())
      .flatMap((f) => f.fields),
  );
  const seen = new Set<NapField>();
  for (let i = 0; i < issueCount; i++) {
    const issue = ISSUES[h(`issue-${i}`) % ISSUES.length] as Issue;
    const field = ISSUE_FIELD[issue];
    if (seen.has(field)) continue;
    seen.add(field);
    const resolvedIn = base - 18 + (h(`resolved-${i}`) % 30);
    if (month >= resolvedIn || fixedFields.has(field)) continue;
    nap = withIssue(nap, issue, h(`value-${i}`));
  }
  const duplicateFrom = h('dup') % 100 < 12 ? base - 12 + (h('dup-at') % 14) : Infinity;
  const slug = slugOf(basis.ours.name);
  const duplicates =
    month >= duplicateFrom
      ? [
          {
            listingUrl: `https://${directory}.example/biz/${slug}-${h('dup-id') % 1000}`,
            nap: withIssue(basis.ours, 'old-phone', h('dup-phone')),
          },
        ]
      : [];
  return {
    directory,
    found: true,
    listingUrl: `https://${directory}.example/biz/${slug}`,
    nap,
    duplicates,
    syncStatus: fixedFields.size ? 'IN_SYNC' : 'NOT_SYNCED',
    checkedAt,
  };
}

/**
 * A deterministic listings vendor. Per (location, directory) a fixed story: some directories
 * list the business only from some month on, most carry one or two stale values (an old
 * phone, the suite missing, an old name, an old website) that the agency's work resolves in
 * a given month, and now and then a duplicate listing appears. Months count back from the
 * demo's clock, so 18 months of seeded monthly scans show the score improving. Fixes sent
 * through the outbox are accepted and show from their send time on.
 */
export function createListingsDemo(options: ListingsDemoOptions): ListingsVendorProvider {
  const now = options.now ?? (() => new Date());

  return {
    vendor: LISTINGS_VENDOR,
    mode: 'demo',
    // The same business gets the same location id, so a demo company's story is stable.
    async createLocation(nap) {
      const id = hash(nap.name ?? '', nap.phone ?? '', nap.address?.line1 ?? '').toString(36);
      return { locationId: `demo-loc-${id}` };
    },
    async requestRescan() {},
    async getListing(access, directory, at) {
      const basis = await options.describe(access.externalAccount);
      if (!basis) {
        return {
          directory,
          found: false,
          listingUrl: null,
          nap: null,
          duplicates: [],
          syncStatus: 'NOT_SYNCED',
          checkedAt: at,
        };
      }
      return demoListingAt(access.externalAccount, directory, basis, at, now());
    },
    async updateListing() {
      return { syncStatus: 'UPDATING' };
    },
    async status() {
      return { syncStatus: 'IN_SYNC' };
    },
  };
}
