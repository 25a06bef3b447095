import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  alerts,
  listingScanResults,
  listingScans,
  outbox,
  productInstances,
  vendorConnections,
} from '../../kernel/db/schema';
import { findProductInstance } from '../../platform/product-pages/product-instance.query';
import { LISTINGS_VENDOR } from '../../providers/kernel/vendor-ids';
import type { VendorNap } from '../../providers/listings-vendor/port';
import { createListingsRepository } from '../listings';
import { listingFieldsToNap } from './nap-compare';

export const LISTING_FIX_KIND = 'listing-scan.fix';
export const LISTING_FIX_SUBJECT = 'listing-scan-product';

export type ListingScanRow = typeof listingScans.$inferSelect;
export type ListingScanResultRow = typeof listingScanResults.$inferSelect;
export type NewListingScanResult = typeof listingScanResults.$inferInsert;

/** Drizzle queries of the business-listings scans. */
export function createListingScansRepository(db: Db) {
  const listings = createListingsRepository(db);
  return {
    product: (productId: number) => findProductInstance(db, productId),

    /** The company's own values (its record in Pinpoint), as the vendor takes them. */
    async companyNap(companyId: number): Promise<VendorNap | null> {
      const fields = await listings.ourFields(companyId);
      return fields ? listingFieldsToNap(fields) : null;
    },

    /** The company's listings-vendor location, if any is connected. */
    async connectionOf(companyId: number) {
      const [row] = await db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, LISTINGS_VENDOR),
            sql`${vendorConnections.status} <> 'disconnected'`,
          ),
        )
        .orderBy(desc(vendorConnections.id))
        .limit(1);
      return row ?? null;
    },

    async connectionByAccount(externalAccount: string) {
      const [row] = await db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.vendor, LISTINGS_VENDOR),
            eq(vendorConnections.externalAccount, externalAccount),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async connect(companyId: number, externalAccount: string) {
      const [row] = await db
        .insert(vendorConnections)
        .values({
          companyId,
          vendor: LISTINGS_VENDOR,
          externalAccount,
          displayName: 'Listings management location',
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async linkProduct(productId: number, connectionId: number) {
      await db
        .update(productInstances)
        .set({ vendorConnectionId: connectionId })
        .where(eq(productInstances.id, productId));
    },

    async scan(scanId: number) {
      const [row] = await db.select().from(listingScans).where(eq(listingScans.id, scanId));
      return row ?? null;
    },

    /** The product's newest scan in these states. */
    async latestScan(productId: number, states: string[]) {
      const [row] = await db
        .select()
        .from(listingScans)
        .where(and(eq(listingScans.productId, productId), inArray(listingScans.state, states)))
        .orderBy(desc(listingScans.startedAt), desc(listingScans.id))
        .limit(1);
      return row ?? null;
    },

    /** The finished scan before this one (the one its changes are measured against). */
    async previousDone(productId: number, scan: ListingScanRow) {
      const [row] = await db
        .select()
        .from(listingScans)
        .where(
          and(
            eq(listingScans.productId, productId),
            eq(listingScans.state, 'done'),
            lt(listingScans.id, scan.id),
          ),
        )
        .orderBy(desc(listingScans.id))
        .limit(1);
      return row ?? null;
    },

    async createScan(values: typeof listingScans.$inferInsert) {
      const [row] = await db.insert(listingScans).values(values).returning();
      if (!row) throw new Error('listing scan insert returned nothing');
      return row;
    },

    /** A scan that never finished (its jobs were lost): failed, so another may start. */
    async failScan(scanId: number) {
      await db
        .update(listingScans)
        .set({ state: 'failed', finishedAt: new Date() })
        .where(and(eq(listingScans.id, scanId), eq(listingScans.state, 'running')));
    },

    /** One directory's result; a retried job writes the same key again. */
    async upsertResult(result: NewListingScanResult) {
      await db
        .insert(listingScanResults)
        .values(result)
        .onConflictDoUpdate({
          target: [listingScanResults.scanId, listingScanResults.directory],
          set: {
            status: result.status,
            listingUrl: result.listingUrl ?? null,
            found: result.found ?? null,
            fields: result.fields,
            duplicates: result.duplicates ?? 0,
            reason: result.reason ?? null,
            checkedAt: result.checkedAt ?? new Date(),
          },
        });
    },

    async countResults(scanId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(listingScanResults)
        .where(eq(listingScanResults.scanId, scanId));
      return row?.n ?? 0;
    },

    resultsOf(scanId: number) {
      return db
        .select()
        .from(listingScanResults)
        .where(eq(listingScanResults.scanId, scanId))
        .orderBy(asc(listingScanResults.directory));
    },

    /** running → done, once: the caller that wins raises the alerts and tells the pages. */
    async finishScan(scanId: number, score: number | null, counts: Record<string, number>) {
      const [row] = await db
        .update(listingScans)
        .set({ state: 'done', score, counts, finishedAt: new Date() })
        .where(and(eq(listingScans.id, scanId), eq(listingScans.state, 'running')))
        .returning();
      return row ?? null;
    },

    /** Finished scans with a score, oldest first (the score over time). */
    history(productId: number, limit = 36) {
      return db
        .select({ id: listingScans.id, at: listingScans.finishedAt, score: listingScans.score })
        .from(listingScans)
        .where(
          and(
            eq(listingScans.productId, productId),
            eq(listingScans.state, 'done'),
            sql`${listingScans.score} is not null`,
          ),
        )
        .orderBy(desc(listingScans.startedAt))
        .limit(limit)
        .then((rows) => rows.reverse());
    },

    /** The product's fix writes, newest first. */
    fixes(productId: number, limit = 200) {
      return db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.subjectType, LISTING_FIX_SUBJECT),
            eq(outbox.subjectId, productId),
            eq(outbox.kind, LISTING_FIX_KIND),
          ),
        )
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
    },

    /** Fixes the vendor accepted on this location (the demo vendor applies them). */
    sentFixes(connectionId: number) {
      return db
        .select({ payload: outbox.payload, sentAt: outbox.sentAt })
        .from(outbox)
        .where(
          and(
            eq(outbox.connectionId, connectionId),
            eq(outbox.kind, LISTING_FIX_KIND),
            eq(outbox.status, 'sent'),
          ),
        );
    },

    async insertAlert(
      companyId: number,
      title: string,
      body: string,
      data: Record<string, unknown>,
    ) {
      const [row] = await db
        .insert(alerts)
        .values({ companyId, kind: 'listing', title, body, data })
        .returning();
      return row ?? null;
    },

    /**
     * Listings products whose latest scan began before `before` (or that have none): due
     * for their monthly scan. Cancelled products are not scanned.
     */
    async dueProducts(slugs: readonly string[], before: Date, limit = 200) {
      const rows = await db
        .select({
          id: productInstances.id,
          last: sql<string | null>`max(${listingScans.startedAt})`,
        })
        .from(productInstances)
        .leftJoin(listingScans, eq(listingScans.productId, productInstances.id))
        .where(
          and(
            inArray(productInstances.productSlug, [...slugs]),
            sql`${productInstances.status} <> 'cancelled'`,
          ),
        )
        .groupBy(productInstances.id);
      return rows
        .filter((r) => !r.last || new Date(r.last).getTime() < before.getTime())
        .slice(0, limit)
        .map((r) => r.id);
    },
  };
}

export type ListingScansRepository = ReturnType<typeof createListingScansRepository>;
