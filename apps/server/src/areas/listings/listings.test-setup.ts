import {
  GBP_BUSINESS_INFO_PEER_TOKEN,
  type RunningGbpBusinessInfoPeer,
  SAMPLE_GOOGLE_ATTRIBUTES,
  sampleGoogleLocation,
} from '@pinpoint/fake-vendors/gbp-business-info-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businessProfiles, clientCompanies } from '../../kernel/db/schema';
import { nextSerial } from '../../test/serial';
import { createTestApp, testConfig } from '../../test/test-app';
import { type ReviewsFixture, reviewsFixture } from '../reviews/reviews.test-setup';

/** The app with the Business Profile adapters live: the listing API at the fake. */
export async function listingsTestApp(peer: RunningGbpBusinessInfoPeer) {
  const base = testConfig();
  const { app } = await createTestApp({
    config: {
      vendors: {
        ...base.vendors,
        googleBusinessProfile: {
          mode: 'live',
          baseUrl: 'http://127.0.0.1:9',
          businessInfoUrl: peer.base,
          timeoutMs: 5_000,
        },
      },
      vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 2_000, retries: 0 },
    },
  });
  return app;
}

export interface ListingFixture extends ReviewsFixture {
  location: string;
}

/**
 * A company whose profile is the fake's sample location except its phone (ours is the new
 * number), with its Business Profile connected and a Google product reading it.
 */
export async function listingFixture(
  app: FastifyInstance,
  peer: RunningGbpBusinessInfoPeer,
  token = GBP_BUSINESS_INFO_PEER_TOKEN,
): Promise<ListingFixture> {
  const n = nextSerial(app.database.db);
  const location = `locations/77${n}`;
  peer.locations.set(location, sampleGoogleLocation(location));
  peer.attributes.set(location, structuredClone(SAMPLE_GOOGLE_ATTRIBUTES));
  const f = await reviewsFixture(app, 'google-business-profile', `accounts/7/${location}`, token);
  const db = app.database.db;
  await db
    .update(clientCompanies)
    .set({
      name: 'Summit Plumbing',
      primaryCategory: 'Plumber',
      addressLine1: '100 Congress Ave.',
      addressLine2: 'Ste 200',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: '+15125550177',
      website: 'https://summit-plumbing.example',
    })
    .where(eq(clientCompanies.id, f.companyId));
  await db.insert(businessProfiles).values({
    companyId: f.companyId,
    additionalCategories: ['Drainage service'],
    regularHours: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({
      openDay: day,
      openTime: '08:00',
      closeDay: day,
      closeTime: '17:00',
    })),
    specialHours: [{ date: '2026-12-25', closed: true, openTime: null, closeTime: null }],
    attributes: {
      has_wheelchair_accessible_entrance: true,
      pay_credit_card_types_accepted: ['mastercard', 'visa'],
      url_appointment: 'https://summit-plumbing.example/book',
    },
  });
  return { ...f, location };
}
