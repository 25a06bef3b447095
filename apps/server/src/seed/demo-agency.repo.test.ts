import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../kernel/db/database';
import {
  activityEvents,
  clientCompanies,
  clientMembers,
  competitors,
  gridScans,
  productInstances,
  users,
  verticals,
} from '../kernel/db/schema';
import { createSeededTestDatabase, type TestDatabase } from '../test/test-database';
import { clearDemoAgency, type SeedReport, seedDemoAgency } from './demo-agency';

const ANCHOR = new Date('2026-11-22T15:30:00Z');
let first: TestDatabase;
let seeded: SeedReport;

// The run's seeded agency for this day (made once, by the first file that asks, on an empty
// migrated database with the product catalog), and that seed's own report: the seed is
// checked as it ran there. The last test clears it and seeds again here.
beforeAll(async () => {
  ({ database: first, report: seeded } = await createSeededTestDatabase(ANCHOR));
}, 240_000);
afterAll(async () => {
  await first?.close();
});

/** A fingerprint of what the seed wrote: equal digests, equal agencies. */
async function digest(db: Db): Promise<string> {
  const companies = await db.select().from(clientCompanies).orderBy(asc(clientCompanies.id));
  const [activity] = await db
    .select({
      n: sql<number>`count(*)::int`,
      spread: sql<string>`sum(extract(epoch from ${activityEvents.occurredAt}))::text`,
      titles: sql<string>`md5(string_agg(${activityEvents.title}, '|' order by ${activityEvents.id}))`,
    })
    .from(activityEvents);
  const rivals = await db.select().from(competitors).orderBy(asc(competitors.id));
  // The measured grid history: same agency and day, same ranks everywhere.
  const [grids] = await db
    .select({
      scans: sql<string>`md5(string_agg(concat_ws('/', ${gridScans.configId}, ${gridScans.createdAt}, ${gridScans.atrp}, ${gridScans.solv}), '|' order by ${gridScans.id}))`,
    })
    .from(gridScans);
  return createHash('sha256')
    .update(JSON.stringify([companies.map(({ createdAt, ...c }) => c), activity, rivals, grids]))
    .digest('hex');
}

describe('the demo agency seed', () => {
  it('fills an empty database with a realistic agency', async () => {
    const report = seeded;
    expect(report.seeded).toBe(true);
    // Its 30 s budget (DECISIONS) is held in the load tier: seed/seed-budgets.load.test.ts.
    process.stdout.write(
      `\n[demo seed] ${first.kind}: ${Math.round(report.ms)} ms (not asserted here), ${JSON.stringify(report.counts)}\n`,
    );
    expect(report.counts.client_companies).toBeGreaterThanOrEqual(38);
    expect(report.counts.client_companies).toBeLessThanOrEqual(45);

    const companies = await first.db.select().from(clientCompanies);
    expect(new Set(companies.map((c) => c.state)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(companies.map((c) => c.verticalId)).size).toBeGreaterThanOrEqual(8);
    for (const company of companies) {
      expect(company.latitude).toBeTypeOf('number');
      expect(company.phone).toMatch(/^\+1\d{3}55501\d{2}$/);
      expect(company.placeId).toMatch(/^us-[a-z]{2}-[a-z-]+$/);
    }
    expect(await first.db.select().from(verticals)).toHaveLength(9);

    const perCompany = await first.db
      .select({ companyId: productInstances.companyId, n: sql<number>`count(*)::int` })
      .from(productInstances)
      .groupBy(productInstances.companyId);
    expect(perCompany).toHaveLength(companies.length);
    for (const { n } of perCompany) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(6);
    }
    const [span] = await first.db
      .select({
        days: sql<number>`extract(day from max(${activityEvents.occurredAt}) - min(${activityEvents.occurredAt}))::int`,
        latest: sql<string>`max(${activityEvents.occurredAt})::text`,
      })
      .from(activityEvents);
    expect(span?.days).toBeGreaterThanOrEqual(17 * 30);
    expect(new Date(span?.latest ?? '').getTime()).toBeLessThan(Date.parse('2026-11-22T00:00:00Z'));
    const nearby = await first.db.select().from(competitors);
    expect(nearby.length).toBeGreaterThanOrEqual(companies.length * 10);
    // Rank grids (seed/grids.ts): 2–4 tracked keywords per company, weekly 3×3 scans since
    // the company's start or 18 months, whichever is later (seed/grid-stories.repo.test.ts checks
    // what they show).
    expect(report.counts.grid_configs).toBeGreaterThanOrEqual(companies.length * 2);
    expect(report.counts.grid_configs).toBeLessThanOrEqual(companies.length * 4);
    expect(report.counts.grid_scans).toBeGreaterThan((report.counts.grid_configs ?? 0) * 34);
    expect(report.counts.grid_scans).toBeLessThanOrEqual((report.counts.grid_configs ?? 0) * 79);
    expect(report.counts.grid_scan_points).toBe((report.counts.grid_scans ?? 0) * 9);
    expect(report.grids?.stories.map((story) => story.kind)).toEqual([
      'climber',
      'dropper',
      'downtown',
    ]);
  });

  it('attaches the demo accounts: one company for the client, three for the owner', async () => {
    const membership = async (email: string) =>
      first.db
        .select({ name: clientCompanies.name })
        .from(clientMembers)
        .innerJoin(users, eq(users.id, clientMembers.userId))
        .innerJoin(clientCompanies, eq(clientCompanies.id, clientMembers.companyId))
        .where(eq(users.email, email))
        .orderBy(asc(clientCompanies.id));
    expect(await membership('client@demo.pinpoint.local')).toEqual([
      { name: 'Summit Plumbing & Drain' },
    ]);
    expect((await membership('owner@demo.pinpoint.local')).map((c) => c.name)).toEqual([
      'Bayside Family Dental',
      'Bayside Dental Kids',
      'Harbor Smiles Orthodontics',
    ]);
  });

  it('is idempotent, deterministic, and can be rebuilt', async () => {
    expect(await seedDemoAgency(first.db, { anchor: ANCHOR })).toMatchObject({
      seeded: false,
      skipped: 'the demo agency is already there',
    });
    const seededOnce = await digest(first.db);

    // Cleared and seeded again (a fresh run of the same seed and day): the same agency,
    // byte for byte. One database is enough, and each seed takes seconds.
    await clearDemoAgency(first.db);
    expect(await first.db.select().from(users)).toHaveLength(0);
    expect((await seedDemoAgency(first.db, { anchor: ANCHOR })).seeded).toBe(true);
    expect(await digest(first.db)).toBe(seededOnce);
    // A clear and a whole second seed: this limit only catches a hang, on a machine as busy
    // as CI's can get.
  }, 120_000);
});
