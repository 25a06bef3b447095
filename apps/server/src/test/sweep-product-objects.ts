import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  productInstances,
  reviews,
  supportRequests,
  syncStates,
  vendorConnections,
} from '../db/schema';

/**
 * For the authorization sweep, which puts client A's company id into every path param: a
 * product instance, a vendor connection, a review and a support request of client A with
 * exactly that id, so the product routes are checked against real objects of A. The
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
  for (const table of ['vendor_connections', 'product_instances', 'reviews', 'support_requests']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
}
