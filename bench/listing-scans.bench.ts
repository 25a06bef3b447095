import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/config';
import {
  clientCompanies,
  listingScans,
  productInstances,
} from '../apps/server/src/kernel/db/schema';
import { buildApp } from '../apps/server/src/main/app';
import type { BenchRow } from './bench-table';

/**
 * Business-listings scans (issue 18): one scan of 60 directories through the job queue
 * (PGlite, the demo adapter, workers on: one job per directory), against the same 60
 * directory checks called one after another in-process with no queue, in the same run.
 * The demo list has 20 directories; the bench adds 40 synthetic ones.
 */
const DIRECTORIES = 60;

export async function benchListingScans(): Promise<BenchRow[]> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({
    config: {
      ...base,
      database: { kind: 'pglite', dataDir: null },
      jobs: { workers: true, concurrency: {}, maintenanceIntervalSeconds: 30 },
      vendorGate: { ratePerSecond: 100_000 },
    },
  });
  try {
    const db = app.database.db;
    const [company] = await db
      .insert(clientCompanies)
      .values({
        name: 'Bench Listings Plumbing',
        label: 'bench-listings',
        addressLine1: '100 Main Street',
        addressLine2: 'Suite 4',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        phone: '+15125550134',
        website: 'https://bench-listings.example',
      })
      .returning();
    const [product] = await db
      .insert(productInstances)
      .values({
        companyId: company?.id ?? 0,
        productSlug: 'managed-business-listings',
        status: 'active',
        startDate: '2025-01-01',
        monthlyPriceCents: 9_900,
      })
      .returning();
    if (!product) throw new Error('no bench product');
    const directories = [
      'google',
      'bing',
      'yelp',
      'facebook',
      ...Array.from({ length: DIRECTORIES - 4 }, (_, i) => `directory-${i + 1}`),
    ];
    const engine = app.areas['listing-scans'].listingScanEngine;
    const waitDone = async (scanId: number) => {
      for (;;) {
        const [scan] = await db.select().from(listingScans).where(eq(listingScans.id, scanId));
        if (scan?.state === 'done') return scan;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // Warm-up: one small scan through the queue (workers polling, statements prepared).
    const warm = await engine.startScan(product, 'manual', null, directories.slice(0, 4));
    await waitDone(warm.scan.id);

    let started = performance.now();
    const queued = await engine.startScan(product, 'manual', null, directories);
    const done = await waitDone(queued.scan.id);
    const queueMs = performance.now() - started;
    if (done.directories.length !== DIRECTORIES) throw new Error('wrong directory count');

    // Baseline: the same checks, one after another, here (no jobs, no workers' polling).
    const direct = await db
      .insert(listingScans)
      .values({
        companyId: product.companyId,
        productId: product.id,
        connectionId: done.connectionId,
        trigger: 'manual',
        directories,
      })
      .returning();
    const directId = direct[0]?.id ?? 0;
    started = performance.now();
    for (const directory of directories) await engine.checkDirectory(directId, directory, 0);
    const directMs = performance.now() - started;
    await waitDone(directId);

    return [
      {
        name: `listing scan of ${DIRECTORIES} directories through the queue (PGlite, demo)`,
        value: queueMs,
        unit: 'ms',
        baseline: directMs,
        baselineName: `the ${DIRECTORIES} checks in-process, in a row`,
      },
    ];
  } finally {
    await app.close();
  }
}
