import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { count, eq, min, sql } from 'drizzle-orm';
import { type AreaExports, areaCatalog } from '../areas/catalog';
import type { Db } from '../kernel/db/database';
import * as schema from '../kernel/db/schema';
import { createRandom } from '../kernel/demo/random';
import type { SeedContext } from '../kernel/demo/seed-context';
import type { AreaSeed } from '../platform/composition/area';
import { insertDemoAccounts } from '../platform/identity/demo-accounts';
import { hashPassword } from '../platform/identity/password';
import { seedActivity } from './activity';
import { type SeededCompany, seedCompanies } from './companies';
import type { GridStory } from './grid-stories';
import { seedGrids } from './grids';
import { seedInbox } from './inbox';
import { seedProducts } from './products';

/** The one seed of the demo agency: change it and every generated value changes. */
export const DEMO_SEED = 20_261_122;
const MARKER_KEY = 'demo-agency';
const SEED_LOCK = 7_301_951;

/** The tables the demo agency fills, for the row counts the seed reports. */
const COUNTED = {
  client_companies: schema.clientCompanies,
  users: schema.users,
  client_members: schema.clientMembers,
  employee_assignments: schema.employeeAssignments,
  verticals: schema.verticals,
  product_instances: schema.productInstances,
  locations: schema.locations,
  keywords: schema.keywords,
  competitors: schema.competitors,
  activity_events: schema.activityEvents,
  notifications: schema.notifications,
  alerts: schema.alerts,
  grid_configs: schema.gridConfigs,
  grid_scans: schema.gridScans,
  grid_scan_points: schema.gridScanPoints,
  vendor_connections: schema.vendorConnections,
  reviews: schema.reviews,
  posts: schema.posts,
  photos: schema.photos,
  qa_questions: schema.qaQuestions,
  google_listings: schema.googleListings,
  fbads_insights: schema.fbadsInsights,
  ad_specs: schema.adSpecs,
  ct_calls: schema.ctCalls,
} as const;

export interface SeedReport {
  seeded: boolean;
  /** Why nothing was written, when nothing was. */
  skipped?: string;
  ms: number;
  counts: Record<string, number>;
  /** The rank grid stories the demo shows (seed/grid-stories.ts), and what the grids cost. */
  grids?: { ms: number; stories: GridStory[] };
  /** What each product area's seed cost, in ms, to see which one a slow seed comes from. */
  areas?: Record<string, number>;
}

/**
 * The order the areas' seeds run in, for the rows one reads of another's:
 * - the leads center reads every lead source (LSA, calls, Google and Facebook ads, forms);
 * - review requests are answered by a few seeded reviews;
 * - listing scans compare with the listings; page speed, hosting and forms need the sites.
 * The rest keep the order they were written in, so the demo's ids stay as they were.
 */
const SEED_ORDER = [
  'billing',
  'reviews',
  'posts',
  'photos',
  'google-qa',
  'listings',
  'listing-scans',
  'google-ads',
  'lsa',
  'call-tracking',
  'facebook-ads',
  'performance-report',
  'ad-spec',
  'websites',
  'page-speed',
  'hosting',
  'website-forms',
  'qr-codes',
  'leads-center',
  'review-solicitation',
  'dev-pages',
] as const satisfies readonly (keyof AreaExports)[];

/** Each area's seed from its descriptor, in SEED_ORDER; an area with a seed left out fails. */
export function areaSeeds(): [string, AreaSeed][] {
  const seeds = new Map(
    areaCatalog.areas.flatMap((area) => (area.seed ? [[area.name, area.seed] as const] : [])),
  );
  const ordered: readonly string[] = SEED_ORDER;
  const unordered = [...seeds.keys()].filter((name) => !ordered.includes(name));
  const seedless = ordered.filter((name) => !seeds.has(name));
  if (unordered.length > 0 || seedless.length > 0)
    throw new Error(
      `SEED_ORDER is out of date: add ${unordered.join(', ') || 'nothing'}; remove ${seedless.join(', ') || 'nothing'}`,
    );
  return ordered.map((name) => [name, seeds.get(name) as AreaSeed]);
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

async function countRows(tx: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED)) {
    const [row] = await tx.select({ n: count() }).from(table);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Fills an empty database with the demo agency: about forty client companies in six
 * metros and nine trades, their products, locations, keywords, competitors, eighteen
 * months of activity, notifications and alerts, and the demo accounts attached to them.
 * One transaction under an advisory lock: processes starting together seed once, and a
 * failure leaves nothing half-written. A database that already has users is left alone.
 */
export async function seedDemoAgency(
  db: Db,
  options: { anchor?: Date; seed?: number } = {},
): Promise<SeedReport> {
  const started = performance.now();
  const anchor = startOfUtcDay(options.anchor ?? new Date());
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [marker] = await tx
      .select()
      .from(schema.appSettings)
      .where(eq(schema.appSettings.key, MARKER_KEY));
    const [people] = await tx.select({ n: count() }).from(schema.users);
    const skipped = marker
      ? 'the demo agency is already there'
      : Number(people?.n ?? 0) > 0
        ? 'the database already has users'
        : undefined;
    if (skipped) return { seeded: false, skipped, ms: performance.now() - started, counts: {} };

    const ctx: SeedContext = { tx, random: createRandom(options.seed ?? DEMO_SEED), anchor };
    const companies = await seedCompanies(ctx);
    const [summit, bayside, baysideKids, harbor] = companies as [
      SeededCompany,
      SeededCompany,
      SeededCompany,
      SeededCompany,
    ];
    // The demo employee looks after the Austin and Tampa Bay clients.
    const assigned = companies
      .slice(4)
      .filter((company) => ['austin', 'tampa'].includes(company.metro.slug))
      .map((company) => company.id);
    await insertDemoAccounts(tx, passwordHash, {
      summit: summit.id,
      bayside: bayside.id,
      baysideKids: baysideKids.id,
      harbor: harbor.id,
      assigned,
    });
    // Bayside asked to approve the agency's replies before they go out.
    await tx
      .update(schema.clientCompanies)
      .set({ approvalRequired: true })
      .where(eq(schema.clientCompanies.id, bayside.id));
    const products = await seedProducts(ctx, companies);
    await seedActivity(ctx, companies, products);
    const areas: Record<string, number> = {};
    const demo = {
      products,
      companies: { bayside: bayside.id, harbor: harbor.id, summit: summit.id },
    };
    for (const [name, seed] of areaSeeds()) {
      const at = performance.now();
      await seed(ctx, demo);
      areas[name] = Math.round(performance.now() - at);
    }

    // Approvals were made by someone who belongs to the company.
    const members = await tx
      .select({
        companyId: schema.clientMembers.companyId,
        userId: min(schema.clientMembers.userId),
      })
      .from(schema.clientMembers)
      .groupBy(schema.clientMembers.companyId);
    const memberOf = new Map(members.map((m) => [m.companyId, m.userId]));
    await seedInbox(ctx, companies, (companyId) => memberOf.get(companyId) ?? null);
    const gridsStarted = performance.now();
    const { stories } = await seedGrids(ctx, companies, products);
    const grids = { ms: performance.now() - gridsStarted, stories };

    const counts = await countRows(tx);
    await tx.insert(schema.appSettings).values({
      key: MARKER_KEY,
      value: { seed: options.seed ?? DEMO_SEED, anchor: anchor.toISOString(), counts, stories },
    });
    return { seeded: true, ms: performance.now() - started, counts, grids, areas };
  });
}

/**
 * Removes every client, user and their data (and the marker) so the seed can run again.
 * Error logs and health samples are not demo data and stay.
 */
export async function clearDemoAgency(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx.execute(sql`truncate client_companies, users, verticals restart identity cascade`);
    await tx.delete(schema.appSettings).where(eq(schema.appSettings.key, MARKER_KEY));
  });
}
