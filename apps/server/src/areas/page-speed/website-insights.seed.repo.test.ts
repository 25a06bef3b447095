import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostingAccounts,
  hostingUsage,
  pageSpeedRuns,
  productInstances,
  websiteFormSubmissions,
  websiteSites,
} from '../../kernel/db/schema';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';

import { PAGE_SPEED_SLUGS } from './page-speed.service';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

// The area's time budget is held in the load tier (seed/seed-budgets.load.test.ts).
beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo website insights', () => {
  it('gives every website product’s site monthly page-speed runs, mobile and desktop, up to 18 months', async () => {
    const db = database.db;
    const sites = await db
      .select({
        siteId: websiteSites.id,
        start: productInstances.startDate,
        status: productInstances.status,
      })
      .from(websiteSites)
      .innerJoin(productInstances, eq(productInstances.id, websiteSites.productInstanceId))
      .where(inArray(productInstances.productSlug, [...PAGE_SPEED_SLUGS]));
    expect(sites.length).toBeGreaterThan(0);
    const counts = await db
      .select({
        siteId: pageSpeedRuns.siteId,
        n: sql<number>`count(*)::int`,
        months: sql<number>`count(distinct date_trunc('month', ${pageSpeedRuns.ranAt}))::int`,
      })
      .from(pageSpeedRuns)
      .groupBy(pageSpeedRuns.siteId);
    const bySite = new Map(counts.map((c) => [c.siteId, c]));
    for (const site of sites) {
      const c = bySite.get(site.siteId);
      // A cancelled product stops at its end; the others run up to the seeding day.
      if (site.start <= '2025-06-01' && site.status !== 'cancelled') expect(c?.months).toBe(18);
      if (c) {
        expect(c.n).toBe(c.months * 2);
        expect(c.months).toBeLessThanOrEqual(18);
      }
    }
    const [range] = await db
      .select({
        min: sql<number>`min(least(performance, accessibility, best_practices, seo))::int`,
        max: sql<number>`max(greatest(performance, accessibility, best_practices, seo))::int`,
      })
      .from(pageSpeedRuns);
    expect(range?.min).toBeGreaterThanOrEqual(0);
    expect(range?.max).toBeLessThanOrEqual(100);
  });

  it('connects each hosting product with 18 months of use, and gives OMG InContact sites their messages', async () => {
    const db = database.db;
    const hosting = await db
      .select()
      .from(productInstances)
      .where(eq(productInstances.productSlug, 'website-hosting'));
    const accounts = await db.select().from(hostingAccounts);
    expect(accounts.length).toBe(hosting.length);
    const [usage] = await db.select({ n: sql<number>`count(*)::int` }).from(hostingUsage);
    expect(usage?.n).toBe(accounts.length * 18);

    const contact = await db
      .select()
      .from(productInstances)
      .where(eq(productInstances.productSlug, 'omgincontact'));
    const messages = await db.select().from(websiteFormSubmissions);
    if (contact.length > 0) expect(messages.length).toBeGreaterThan(contact.length * 20);
    for (const m of messages) {
      expect(m.email === null || m.email === m.email.toLowerCase()).toBe(true);
      expect(m.phone === null || /^\+1\d{10}$/.test(m.phone)).toBe(true);
      expect(m.email ?? m.phone).not.toBeNull();
      expect(m.receivedAt.getTime()).toBeLessThanOrEqual(ANCHOR.getTime());
    }
  });
});
