import { WEBSITE_PRODUCT_SLUGS } from '@pinpoint/contracts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productInstances,
  websiteChecks,
  websiteIncidents,
  websiteSites,
  websiteUptimeDays,
} from '../../kernel/db/schema';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo websites', () => {
  it('gives every website product a demo site with 90 days of uptime and scripted outages', async () => {
    const db = database.db;
    const products = await db
      .select({ id: productInstances.id })
      .from(productInstances)
      .where(inArray(productInstances.productSlug, [...WEBSITE_PRODUCT_SLUGS]));
    const sites = await db.select().from(websiteSites);
    expect(products.length).toBeGreaterThan(0);
    expect(sites.map((s) => s.productInstanceId).sort()).toEqual(products.map((p) => p.id).sort());
    expect(sites.every((s) => s.isDemo && s.url === `/demo-sites/${s.demoSlug}`)).toBe(true);
    expect(new Set(sites.map((s) => s.demoSlug)).size).toBe(sites.length);

    const [days] = await db
      .select({
        first: sql<string>`min(${websiteUptimeDays.day})::text`,
        last: sql<string>`max(${websiteUptimeDays.day})::text`,
        down: sql<number>`sum(${websiteUptimeDays.checks} - ${websiteUptimeDays.upChecks})::int`,
      })
      .from(websiteUptimeDays);
    expect(days?.last).toBe('2026-11-21');
    expect(days?.first).toBe('2026-08-24');
    expect(days?.down).toBeGreaterThan(0);

    const incidents = await db.select().from(websiteIncidents);
    expect(incidents.length).toBeGreaterThanOrEqual(sites.length);
    const minutes = incidents.map(
      (i) => ((i.endedAt?.getTime() ?? 0) - i.startedAt.getTime()) / 60_000,
    );
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...minutes)).toBeGreaterThan(60);
    expect(incidents.every((i) => i.endedAt && i.endedAt <= ANCHOR)).toBe(true);

    const [raw] = await db.select({ n: sql<number>`count(*)::int` }).from(websiteChecks);
    expect(raw?.n).toBeGreaterThan(0);
    process.stdout.write(
      `\n[websites seed] ${sites.length} sites, ${incidents.length} incidents, ${raw?.n} raw checks\n`,
    );
  });
});
