import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/database';
import {
  adSpecChanges,
  adSpecs,
  businessProfiles,
  customerLeads,
  gbpPerformanceDays,
  googleListings,
  invoiceLines,
  invoices,
  paymentMethods,
  photos,
  posts,
  productInstances,
  qaQuestions,
  qrCodes,
  reviews,
  storedImages,
  supportRequests,
  syncStates,
  vendorConnections,
  websiteSites,
} from '../kernel/db/schema';
import { seedCallTrackingOfA } from './sweep-call-tracking';

/** A 1×1 PNG: the sweep's stored image of A. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * For the authorization sweep, which puts client A's company id into every path param: a
 * product instance, a vendor connection, a review and a support request of client A with
 * exactly that id, so the product routes are checked against real objects of A (and a
 * stored image, a post, a photo, a question and a Google listing of A, issue 16). The
 * sequences move past the explicit ids so later inserts do not collide.
 */
export async function seedProductObjectsOfA(db: Db, companyA: number): Promise<void> {
  await db.insert(vendorConnections).values({
    id: companyA,
    companyId: companyA,
    vendor: 'google-business-profile',
    externalAccount: 'accounts/1/locations/1',
    displayName: 'Alpha Sweep Plumbing (sweep location)',
  });
  await db.insert(syncStates).values({ connectionId: companyA, dataset: 'reviews' });
  await db.insert(productInstances).values({
    id: companyA,
    companyId: companyA,
    productSlug: 'google-business-pro',
    status: 'active',
    startDate: '2025-01-01',
    monthlyPriceCents: 29_900,
    vendorConnectionId: companyA,
  });
  await db.insert(reviews).values({
    id: companyA,
    companyId: companyA,
    connectionId: companyA,
    source: 'google',
    externalId: 'sweep-review',
    reviewerName: 'Sweep Reviewer',
    rating: 2,
    comment: 'Alpha Sweep Plumbing was late.',
    publishedAt: new Date(),
    vendorUpdatedAt: new Date(),
  });
  await db.insert(supportRequests).values({
    id: companyA,
    companyId: companyA,
    productInstanceId: companyA,
    subject: 'Sweep request',
    message: 'A request about Alpha Sweep Plumbing.',
  });
  await seedProfileContentOfA(db, companyA);
  await seedAdSpecOfA(db, companyA);
  await seedPerformanceOfA(db, companyA);
  // Issue 18: A's product has a (demo) site, so the website routes answer for real.
  await db.insert(websiteSites).values({
    companyId: companyA,
    productInstanceId: companyA,
    url: '/demo-sites/alpha-sweep',
    isDemo: true,
    demoSlug: 'alpha-sweep',
  });
  // Issue 18: a QR code of A's product (id = A), for the `:qrId` routes.
  await db.insert(qrCodes).values({
    id: companyA,
    companyId: companyA,
    productInstanceId: companyA,
    name: 'Alpha Sweep Plumbing sticker',
    targetUrl: 'https://alpha-sweep.example.com/',
    code: 'sweepCodeA',
  });
  // Issue 19: an overdue invoice of A (id = A) with a line, and A's card on file, for the
  // `:invoiceId` billing routes (the payments routes use the same invoice).
  await db.insert(invoices).values({
    id: companyA,
    companyId: companyA,
    number: `PP-202001-${companyA}`,
    periodStart: '2020-01-01',
    periodEnd: '2020-01-31',
    issuedOn: '2020-01-01',
    dueOn: '2020-01-31',
    totalCents: 29_900,
  });
  await db.insert(invoiceLines).values({
    invoiceId: companyA,
    productInstanceId: companyA,
    productSlug: 'google-business-pro',
    description: 'Alpha Sweep Plumbing: Google Business Pro',
    periodStart: '2020-01-01',
    periodEnd: '2020-01-31',
    amountCents: 29_900,
  });
  await db
    .insert(paymentMethods)
    .values({ companyId: companyA, provider: 'demo', kind: 'card', brand: 'visa', last4: '4242' });
  // Issue 19: a lead of A in the leads center (id = A), for the `:leadId` routes.
  await db.insert(customerLeads).values({
    id: companyA,
    companyId: companyA,
    contactKey: '+15125550147',
    name: 'Alpha Sweep Customer',
    phone: '+15125550147',
    sources: ['manual'],
    firstSource: 'manual',
    firstTouchAt: new Date(),
    lastTouchAt: new Date(),
  });
  for (const table of [
    'customer_leads',
    'invoices',
    'qr_codes',
    'vendor_connections',
    'product_instances',
    'reviews',
    'support_requests',
    'stored_images',
    'posts',
    'photos',
    'qa_questions',
    'ad_spec_changes',
  ]) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
  await seedCallTrackingOfA(db, companyA);
}

/** Issue 16's objects of A, each with id = A's company id, on A's Business Profile connection. */
async function seedProfileContentOfA(db: Db, companyA: number): Promise<void> {
  const now = new Date();
  await db.insert(storedImages).values({
    id: companyA,
    companyId: companyA,
    contentType: 'image/png',
    bytes: PIXEL_PNG,
    byteSize: PIXEL_PNG.length,
    width: 1,
    height: 1,
    sha256: 'sweep-image-of-a',
  });
  await db.insert(posts).values({
    id: companyA,
    companyId: companyA,
    connectionId: companyA,
    source: 'google',
    summary: 'A sweep post of Alpha Sweep Plumbing.',
    state: 'draft',
    imageId: companyA,
  });
  await db.insert(photos).values({
    id: companyA,
    companyId: companyA,
    connectionId: companyA,
    category: 'EXTERIOR',
    imageId: companyA,
    state: 'live',
    takenAt: now,
  });
  await db.insert(qaQuestions).values({
    id: companyA,
    companyId: companyA,
    connectionId: companyA,
    authorName: 'Sweep Asker',
    text: 'Does Alpha Sweep Plumbing work weekends?',
    askedAt: now,
    origin: 'recorded',
  });
  await db.insert(googleListings).values({
    connectionId: companyA,
    companyId: companyA,
    fields: { title: 'Alpha Sweep Plumbing' },
  });
  await db.insert(businessProfiles).values({ companyId: companyA });
}

/** Issue 17: A's ad spec (keyed by the company) and one change in its history, id = A. */
async function seedAdSpecOfA(db: Db, companyA: number): Promise<void> {
  await db.insert(adSpecs).values({
    companyId: companyA,
    services: ['Alpha Sweep Plumbing drain cleaning'],
    serviceArea: { kind: 'places', places: ['Austin'] },
    monthlyBudgetCents: 100_000,
    schedule: { days: ['mon'], startTime: '08:00', endTime: '17:00' },
    landingPages: ['https://alpha-sweep.example.com'],
    notes: 'Alpha Sweep Plumbing spec',
  });
  await db.insert(adSpecChanges).values({
    id: companyA,
    companyId: companyA,
    changes: { notes: { before: null, after: 'Alpha Sweep Plumbing spec' } },
  });
}

/** Issue 17: a day of A's Business Profile metrics, for the performance report routes. */
async function seedPerformanceOfA(db: Db, companyA: number): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  await db
    .insert(gbpPerformanceDays)
    .values({ connectionId: companyA, companyId: companyA, day, calls: 7 });
}
