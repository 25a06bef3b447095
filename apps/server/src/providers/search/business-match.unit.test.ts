import type { SearchResult } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import {
  matchBusiness,
  normaliseBusinessName,
  normalisePhone,
  registrableDomain,
} from './business-match';

function result(overrides: Partial<SearchResult> & { name: string }): SearchResult {
  return {
    placeId: `ChIJ-${overrides.name.replace(/\W/g, '')}`,
    address: null,
    phone: null,
    website: null,
    rating: null,
    reviewCount: null,
    lat: null,
    lng: null,
    ...overrides,
  };
}

describe('phone numbers', () => {
  it('reduces US numbers to their 10 digits, whatever the punctuation or country code', () => {
    for (const phone of ['+1 (512) 555-0101', '512.555.0101', '1-512-555-0101', '5125550101']) {
      expect(normalisePhone(phone)).toBe('5125550101');
    }
  });
  it('ignores an extension, and refuses numbers too short to identify anyone', () => {
    expect(normalisePhone('(512) 555-0101 ext. 12')).toBe('5125550101');
    expect(normalisePhone('512-555-0101 x7')).toBe('5125550101');
    expect(normalisePhone('555-0101')).toBeNull();
    expect(normalisePhone('')).toBeNull();
    expect(normalisePhone(null)).toBeNull();
  });
});

describe('website domains', () => {
  it('strips scheme, www, path and subdomains down to the registrable domain', () => {
    expect(registrableDomain('https://www.joesplumbing.com/contact?x=1')).toBe('joesplumbing.com');
    expect(registrableDomain('joesplumbing.com')).toBe('joesplumbing.com');
    expect(registrableDomain('http://book.JoesPlumbing.com')).toBe('joesplumbing.com');
    expect(registrableDomain('https://www.joes.co.uk/')).toBe('joes.co.uk');
  });
  it('keeps two sites on one platform apart, and never matches on a shared host', () => {
    expect(registrableDomain('https://joes.wixsite.com/home')).toBe('joes.wixsite.com');
    expect(registrableDomain('https://www.facebook.com/joesplumbing')).toBeNull();
    expect(registrableDomain('https://g.page/joes')).toBeNull();
    expect(registrableDomain('not a url at all')).toBeNull();
    expect(registrableDomain(null)).toBeNull();
  });
});

describe('business names', () => {
  it('ignores case, punctuation, "&"/"and", a leading "The" and legal forms', () => {
    const forms = [
      'The Summit Plumbing & Drain Co., LLC',
      'Summit Plumbing and Drain',
      'SUMMIT PLUMBING & DRAIN, INC.',
      'Summit Plumbing-and-Drain L.L.C.',
    ];
    for (const name of forms) expect(normaliseBusinessName(name)).toBe('summit plumbing and drain');
  });
  it('reads runs of single letters as one word and drops accents', () => {
    expect(normaliseBusinessName('A-1 Towing')).toBe(normaliseBusinessName('A1 Towing'));
    expect(normaliseBusinessName('Café Olé Co.')).toBe('cafe ole');
  });
  it('keeps a name that is only a legal form rather than emptying it', () => {
    expect(normaliseBusinessName('Company')).toBe('company');
  });
});

describe('finding our business among the results', () => {
  const ours = {
    placeId: 'ChIJ-ours',
    phone: '+15125550101',
    website: 'https://www.summitplumbing.com',
    name: 'Summit Plumbing Co.',
  };

  it('matches by place id first, even below a listing that shares our name', () => {
    const results = [
      result({ name: 'Summit Plumbing' }),
      result({ name: 'Elite Plumbing' }),
      result({ name: 'Summit Plumbing Co', placeId: 'ChIJ-ours' }),
    ];
    expect(matchBusiness(ours, results)).toEqual({ rank: 3, rule: 'place_id' });
  });

  it('falls back to the phone, then the website domain, then the name', () => {
    expect(
      matchBusiness(ours, [
        result({ name: 'Other', website: 'summitplumbing.com' }),
        result({ name: 'Listing', phone: '(512) 555-0101' }),
      ]),
    ).toEqual({ rank: 2, rule: 'phone' });
    expect(
      matchBusiness(ours, [
        result({ name: 'Summit Plumbing' }),
        result({ name: 'Renamed', website: 'http://summitplumbing.com/book' }),
      ]),
    ).toEqual({ rank: 2, rule: 'website' });
    expect(
      matchBusiness(ours, [
        result({ name: 'Elite' }),
        result({ name: 'The Summit Plumbing, Inc.' }),
      ]),
    ).toEqual({ rank: 2, rule: 'name' });
  });

  it('answers null when nothing matches, and skips rules we have no data for', () => {
    const results = [result({ name: 'Elite Plumbing', phone: '5125550199' })];
    expect(matchBusiness(ours, results)).toBeNull();
    expect(matchBusiness({ name: 'Elite Plumbing LLC' }, results)).toEqual({
      rank: 1,
      rule: 'name',
    });
    expect(matchBusiness(ours, [])).toBeNull();
  });

  it('never matches two businesses that both list their Facebook page', () => {
    const facebook = {
      ...ours,
      placeId: null,
      phone: null,
      website: 'https://facebook.com/summit',
    };
    expect(
      matchBusiness(facebook, [result({ name: 'Elite', website: 'https://facebook.com/elite' })]),
    ).toBeNull();
  });
});
