import { LISTING_DIRECTORIES, LISTING_SCAN_PRODUCTS } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import {
  listingScanResults,
  listingScans,
  productInstances,
  vendorConnections,
} from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, insertChunked, type SeedContext } from '../../kernel/demo/seed-context';
import { LISTINGS_VENDOR } from '../../providers/kernel/vendor-ids';
import { demoListingAt } from '../../providers/listings-vendor/listings-demo';
import { createListingsRepository } from '../listings';
import { resultOf } from './listing-scan.engine';
import { listingFieldsToNap, napScore, scanCounts } from './nap-compare';

const SCAN_PRODUCTS = new Set<string>(LISTING_SCAN_PRODUCTS);
const MAX_SCANS = 18;
const SCAN_EVERY_MS = 30 * DAY_MS;

/**
 * Each listings product's location at the demo vendor and its monthly scans over the
 * product's life (at most 18, the last on the seeding day), read from the demo adapter with
 * the scan's own result and score functions, so the score history is what scans would
 * have measured. No alerts: those are for changes the running server notices.
 */
export async function seedListingScans(ctx: SeedContext, products: SeededProduct[]) {
  const { tx, anchor } = ctx;
  const scanned = products.filter((p) => SCAN_PRODUCTS.has(p.slug));
  if (scanned.length === 0) return { scans: 0, results: 0 };
  const listings = createListingsRepository(tx);
  const directories = LISTING_DIRECTORIES.map((d) => d.slug);
  const resultRows: (typeof listingScanResults.$inferInsert)[] = [];
  let scans = 0;
  for (const product of scanned) {
    const fields = await listings.ourFields(product.companyId);
    if (!fields) continue;
    const ours = listingFieldsToNap(fields);
    const locationId = `demo-loc-${product.companyId}`;
    const [connection] = await tx
      .insert(vendorConnections)
      .values({
        companyId: product.companyId,
        vendor: LISTINGS_VENDOR,
        externalAccount: locationId,
        displayName: 'Listings management location',
        status: product.status === 'cancelled' ? 'disconnected' : 'connected',
        lastSyncedAt: anchor,
      })
      .onConflictDoNothing()
      .returning();
    if (!connection) continue;
    await tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, product.id));
    const end = product.end && product.end < anchor ? product.end : anchor;
    const times: Date[] = [];
    for (let k = 0; k < MAX_SCANS; k++) {
      const at = new Date(end.getTime() - k * SCAN_EVERY_MS);
      if (at < product.start) break;
      times.unshift(at);
    }
    if (times.length === 0) continue;
    const basis = { ours, fixes: [] };
    const planned = times.map((at) => {
      const results = directories.map((directory) =>
        resultOf(0, demoListingAt(locationId, directory, basis, at, anchor), ours),
      );
      const scored = results.map((r) => ({
        status: r.status,
        fields: r.fields,
        duplicates: r.duplicates ?? 0,
      }));
      return { at, results, score: napScore(scored), counts: scanCounts(scored) };
    });
    const inserted = await tx
      .insert(listingScans)
      .values(
        planned.map((p) => ({
          companyId: product.companyId,
          productId: product.id,
          connectionId: connection.id,
          state: 'done',
          trigger: 'scheduled',
          directories,
          score: p.score,
          counts: p.counts,
          startedAt: p.at,
          finishedAt: new Date(p.at.getTime() + 2 * 60_000),
        })),
      )
      .returning({ id: listingScans.id });
    scans += inserted.length;
    inserted.forEach((scan, i) => {
      for (const r of planned[i]?.results ?? []) {
        resultRows.push({
          ...r,
          scanId: scan.id,
          checkedAt: new Date((planned[i]?.at ?? anchor).getTime() + 60_000),
        });
      }
    });
  }
  await insertChunked(resultRows, (chunk) => tx.insert(listingScanResults).values(chunk));
  return { scans, results: resultRows.length };
}
