import {
  GBP_BUSINESS_INFO_PEER_TOKEN,
  type RunningGbpBusinessInfoPeer,
  SAMPLE_GOOGLE_ATTRIBUTES,
  sampleGoogleLocation,
  startGbpBusinessInfoPeer,
} from '@pinpoint/fake-vendors/gbp-business-info-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import { createGbpListingLive } from './gbp-listing-live';
import type { ConnectionAccess } from './listing-port';

let peer: RunningGbpBusinessInfoPeer;
const calls: [string, boolean][] = [];
const ACCESS: ConnectionAccess = {
  externalAccount: 'accounts/111/locations/222',
  accessToken: GBP_BUSINESS_INFO_PEER_TOKEN,
};

beforeAll(async () => {
  peer = await startGbpBusinessInfoPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.locations.set('locations/222', sampleGoogleLocation('locations/222'));
  peer.attributes.set('locations/222', structuredClone(SAMPLE_GOOGLE_ATTRIBUTES));
  peer.patches.length = 0;
  peer.requests.length = 0;
  calls.length = 0;
});

const adapter = () =>
  createGbpListingLive({
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: async (name, ok) => {
      calls.push([name, ok]);
    },
  });

async function failureOf(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

describe('Business Information API adapter (live, against the fake)', () => {
  it('reads the location with a read mask and its attributes, in our fields', async () => {
    const listing = await adapter().getListing(ACCESS);
    expect(peer.requests).toEqual([
      'GET /v1/locations/222?readMask=title,categories,storefrontAddress,phoneNumbers,websiteUri,regularHours,specialHours',
      'GET /v1/locations/222/attributes',
    ]);
    expect(listing).toEqual({
      title: 'Summit Plumbing',
      primaryCategory: 'Plumber',
      additionalCategories: ['Drainage service'],
      address: {
        addressLines: ['100 Congress Avenue', 'Suite 200'],
        locality: 'Austin',
        administrativeArea: 'TX',
        postalCode: '78701',
        regionCode: 'US',
      },
      phone: '(512) 555-0134',
      website: 'https://www.summit-plumbing.example/',
      regularHours: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({
        openDay: day,
        openTime: '08:00',
        closeDay: day,
        closeTime: '17:00',
      })),
      specialHours: [{ date: '2026-12-25', closed: true, openTime: null, closeTime: null }],
      attributes: {
        has_wheelchair_accessible_entrance: true,
        pay_credit_card_types_accepted: ['visa', 'mastercard'],
        url_appointment: 'https://summit-plumbing.example/book',
      },
    });
    expect(calls).toEqual([
      ['google-business-profile', true],
      ['google-business-profile', true],
    ]);
  });

  it('patches only the masked fields, keeping the additional phone numbers', async () => {
    const answered = await adapter().patchLocation(ACCESS, ['phone', 'regularHours'], {
      phone: '+15125550177',
      regularHours: [
        { openDay: 'FRIDAY', openTime: '09:30', closeDay: 'FRIDAY', closeTime: '16:00' },
      ],
      title: 'Not sent',
    });
    expect(peer.patches).toHaveLength(1);
    expect(peer.patches[0]?.mask).toEqual(['phoneNumbers.primaryPhone', 'regularHours']);
    expect(peer.patches[0]?.body).toEqual({
      phoneNumbers: { primaryPhone: '+15125550177' },
      regularHours: {
        periods: [
          {
            openDay: 'FRIDAY',
            openTime: { hours: 9, minutes: 30 },
            closeDay: 'FRIDAY',
            closeTime: { hours: 16, minutes: 0 },
          },
        ],
      },
    });
    const stored = peer.locations.get('locations/222');
    expect(stored?.title).toBe('Summit Plumbing');
    expect(stored?.phoneNumbers).toEqual({
      primaryPhone: '+15125550177',
      additionalPhones: ['(512) 555-0199'],
    });
    expect(answered).toEqual({
      phone: '+15125550177',
      regularHours: [
        { openDay: 'FRIDAY', openTime: '09:30', closeDay: 'FRIDAY', closeTime: '16:00' },
      ],
    });
  });

  it('writes categories whole, with Google category ids', async () => {
    await adapter().patchLocation(ACCESS, ['additionalCategories'], {
      primaryCategory: 'Plumber',
      additionalCategories: ['Drainage service', 'Water heater installation service'],
    });
    expect(peer.patches[0]?.mask).toEqual(['categories']);
    expect(peer.patches[0]?.body.categories).toEqual({
      primaryCategory: { name: 'categories/gcid:plumber', displayName: 'Plumber' },
      additionalCategories: [
        { name: 'categories/gcid:drainage_service', displayName: 'Drainage service' },
        {
          name: 'categories/gcid:water_heater_installation_service',
          displayName: 'Water heater installation service',
        },
      ],
    });
  });

  it('sets and unsets attributes with an attribute mask', async () => {
    const answered = await adapter().patchAttributes(
      ACCESS,
      { has_wheelchair_accessible_entrance: false, pay_credit_card_types_accepted: ['visa'] },
      ['url_appointment'],
    );
    expect(peer.patches[0]?.name).toBe('locations/222/attributes');
    expect(peer.patches[0]?.mask).toEqual([
      'attributes/has_wheelchair_accessible_entrance',
      'attributes/pay_credit_card_types_accepted',
      'attributes/url_appointment',
    ]);
    expect(answered).toEqual({
      has_wheelchair_accessible_entrance: false,
      pay_credit_card_types_accepted: ['visa'],
    });
  });

  it('maps an expired token to auth (needs attention), not retried', async () => {
    const error = await failureOf(
      adapter().getListing({ ...ACCESS, accessToken: 'expired-token' }),
    );
    expect(error.code).toBe('auth');
    expect(error.needsAttention).toBe(true);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('invalid authentication credentials');
    expect(calls).toEqual([['google-business-profile', false]]);
  });

  it('maps 429 to rate_limited with Google’s Retry-After', async () => {
    peer.failNext(429, 7);
    const error = await failureOf(
      adapter().patchLocation(ACCESS, ['title'], { title: 'Summit Plumbing & Drain' }),
    );
    expect(error.code).toBe('rate_limited');
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(7_000);
    expect(peer.patches).toHaveLength(0);
  });

  it('refuses an account that is not a location, and a missing location is not_found', async () => {
    expect((await failureOf(adapter().getListing({ ...ACCESS, externalAccount: 'x' }))).code).toBe(
      'invalid',
    );
    const gone = await failureOf(
      adapter().getListing({ ...ACCESS, externalAccount: 'accounts/1/locations/404' }),
    );
    expect(gone.code).toBe('not_found');
  });
});
