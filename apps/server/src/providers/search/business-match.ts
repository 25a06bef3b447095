import type { BusinessMatchRule, SearchResult } from '@pinpoint/contracts';
import { getDomain, getHostname } from 'tldts';

/** What we know of our own business, as stored on the client company. */
export interface BusinessIdentity {
  placeId?: string | null;
  phone?: string | null;
  website?: string | null;
  name: string;
}

export interface BusinessMatch {
  /** 1-based position among the results. */
  rank: number;
  rule: BusinessMatchRule;
}

/**
 * Digits of a phone number, with a US number reduced to its 10 digits (a leading country
 * code 1 dropped), so "+1 (512) 555-0101" and "512.555.0101" compare equal. Null when too
 * short to identify anyone (an extension, a typo).
 */
export function normalisePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  // An extension names a desk, not the business: "x12" / "ext. 12" is cut off first.
  const main = phone.split(/\s*(?:x|ext\.?|extension|#)\s*\d+\s*$/i)[0] ?? '';
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= 10 ? digits : null;
}

/**
 * Hosts many unrelated businesses share: a result whose "website" is its Facebook page or a
 * Google short link says nothing about who it is, so these never match by domain.
 */
const SHARED_HOSTS = new Set([
  'facebook.com',
  'instagram.com',
  'google.com',
  'g.page',
  'goo.gl',
  'yelp.com',
  'linktr.ee',
  'nextdoor.com',
  'business.site',
  'wixsite.com',
  'square.site',
  'godaddysites.com',
  'linkedin.com',
  'x.com',
  'twitter.com',
  'tiktok.com',
  'youtube.com',
]);

/**
 * The registrable domain of a website ("https://www.joes-plumbing.com/contact" →
 * "joes-plumbing.com"; "book.joes.co.uk" → "joes.co.uk"), by the Public Suffix List
 * (tldts), so a booking subdomain matches the main site but two businesses on one hosting
 * platform's subdomains do not. Null for shared hosts and anything that is not a web host.
 */
export function registrableDomain(website: string | null | undefined): string | null {
  if (!website?.trim()) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(website.trim())
    ? website.trim()
    : `http://${website.trim()}`;
  const host = getHostname(withScheme);
  if (!host) return null;
  const domain = getDomain(host, { allowPrivateDomains: true });
  if (!domain) return null;
  const lowered = domain.toLowerCase();
  return SHARED_HOSTS.has(lowered) ? null : lowered;
}

/** Legal forms and filler that Google listings add or drop at will. */
const TRAILING_NOISE = new Set([
  'llc',
  'inc',
  'incorporated',
  'co',
  'company',
  'corp',
  'corporation',
  'ltd',
  'limited',
  'pllc',
  'pc',
  'pa',
  'llp',
  'lp',
]);

/**
 * A business name reduced to what identifies it: lower case, accents and punctuation gone,
 * "&" read as "and", a leading "The" and trailing legal forms (LLC, Inc., Co. …) dropped.
 * "The Summit Plumbing & Drain Co., LLC" → "summit plumbing and drain".
 */
export function normaliseBusinessName(name: string | null | undefined): string | null {
  if (!name) return null;
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    // Runs of single characters are one word: "A-1 Towing" = "A1 Towing", "L.L.C." = "LLC".
    .reduce<string[]>((merged, word, i, all) => {
      const previous = all[i - 1];
      if (word.length === 1 && previous?.length === 1 && merged.length > 0) {
        merged[merged.length - 1] += word;
      } else merged.push(word);
      return merged;
    }, []);
  if (words[0] === 'the' && words.length > 1) words.shift();
  while (words.length > 1 && TRAILING_NOISE.has(words[words.length - 1] ?? '')) words.pop();
  return words.length > 0 ? words.join(' ') : null;
}

type Key = (value: string | null | undefined) => string | null;

const RULES: {
  rule: BusinessMatchRule;
  ours: (b: BusinessIdentity) => string | null;
  key: Key;
  theirs: (r: SearchResult) => string | null;
}[] = [
  {
    rule: 'place_id',
    ours: (b) => b.placeId?.trim() || null,
    key: (v) => v?.trim() || null,
    theirs: (r) => r.placeId,
  },
  {
    rule: 'phone',
    ours: (b) => normalisePhone(b.phone),
    key: normalisePhone,
    theirs: (r) => r.phone,
  },
  {
    rule: 'website',
    ours: (b) => registrableDomain(b.website),
    key: registrableDomain,
    theirs: (r) => r.website,
  },
  {
    rule: 'name',
    ours: (b) => normaliseBusinessName(b.name),
    key: normaliseBusinessName,
    theirs: (r) => r.name,
  },
];

/**
 * Finds our business among ordered results. Each rule is tried over all results before the
 * next, weaker one, so a competitor that happens to share our name never wins over the
 * listing that carries our place id further down. Null when no rule matches.
 */
export function matchBusiness(
  business: BusinessIdentity,
  results: readonly SearchResult[],
): BusinessMatch | null {
  for (const { rule, ours, key, theirs } of RULES) {
    const wanted = ours(business);
    if (!wanted) continue;
    const index = results.findIndex((result) => key(theirs(result)) === wanted);
    if (index >= 0) return { rank: index + 1, rule };
  }
  return null;
}
