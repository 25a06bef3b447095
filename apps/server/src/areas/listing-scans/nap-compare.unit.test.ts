import { describe, expect, it } from 'vitest';
import { demoListingAt } from '../../providers/listings-vendor/listings-demo';
import type { VendorNap } from '../../providers/listings-vendor/port';
import { compareNap, napScore, napValues } from './nap-compare';

const address = {
  line1: '100 Main Street',
  line2: 'Suite 4' as string | null,
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};
const ours: VendorNap = {
  name: 'Alamo Plumbing',
  address,
  phone: '+15125550134',
  website: 'https://www.alamo-plumbing.example/',
};

describe('NAP comparison', () => {
  it('normalises phones, street words and website hosts before comparing', () => {
    const same: VendorNap = {
      name: '  alamo   PLUMBING ',
      address: {
        ...address,
        line1: '100 Main St.',
        line2: 'Ste 4',
        postalCode: '78701-1234',
      },
      phone: '(512) 555-0134',
      website: 'alamo-plumbing.example',
    };
    expect(compareNap(ours, same)).toEqual({
      name: 'match',
      address: 'match',
      phone: 'match',
      website: 'match',
    });
    const stale: VendorNap = {
      ...ours,
      address: { ...address, line2: null },
      phone: '512-555-0999',
      website: null,
    };
    expect(compareNap(ours, stale)).toEqual({
      name: 'match',
      address: 'mismatch',
      phone: 'mismatch',
      website: 'missing',
    });
    expect(compareNap({ ...ours, website: null }, stale).website).toBe('not_compared');
    expect(napValues(ours)).toMatchObject({
      phone: '(512) 555-0134',
      address: expect.stringContaining('Suite 4'),
    });
  });

  it('scores the mean of matching shares; not found is 0, a duplicate costs 0.25, unavailable is left out', () => {
    const all = { name: 'match', address: 'match', phone: 'match', website: 'match' };
    const half = { name: 'match', address: 'mismatch', phone: 'match', website: 'missing' };
    expect(
      napScore([
        { status: 'found', fields: all, duplicates: 0 }, // 1
        { status: 'found', fields: half, duplicates: 0 }, // 0.5
        { status: 'found', fields: all, duplicates: 1 }, // 0.75
        { status: 'not_found', fields: {}, duplicates: 0 }, // 0
        { status: 'unavailable', fields: {}, duplicates: 0 }, // left out
      ]),
    ).toBe(Math.round((100 * 2.25) / 4));
    expect(napScore([{ status: 'unavailable', fields: {}, duplicates: 0 }])).toBeNull();
  });

  it('the demo vendor tells the same story for the same location, and applies sent fixes', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    const at = new Date('2026-06-01T00:00:00Z');
    const basis = { ours, fixes: [] };
    const a = demoListingAt('demo-loc-1', 'yelp', basis, at, now);
    expect(demoListingAt('demo-loc-1', 'yelp', basis, at, now)).toEqual(a);
    const stories = ['google', 'bing', 'yelp', 'facebook', 'bbb', 'angi', 'manta', 'waze'].map(
      (d) => demoListingAt('demo-loc-7', d, basis, new Date('2025-01-01T00:00:00Z'), now),
    );
    expect(
      stories.some((s) => s.nap && Object.values(compareNap(ours, s.nap)).includes('mismatch')),
    ).toBe(true);
    const fixed = demoListingAt(
      'demo-loc-7',
      'yelp',
      {
        ours,
        fixes: [{ directory: 'yelp', fields: ['name', 'address', 'phone', 'website'], sentAt: at }],
      },
      now,
      now,
    );
    if (fixed.nap) {
      expect(Object.values(compareNap(ours, fixed.nap)).every((s) => s === 'match')).toBe(true);
    }
  });
});
