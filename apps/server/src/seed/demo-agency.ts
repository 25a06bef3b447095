import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { count, eq, min, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import * as schema from '../db/schema';
import { seedAdSpecs } from '../modules/ad-spec/ad-spec.seed';
import { seedBilling } from '../modules/billing/billing.seed';
import { seedCallTracking } from '../modules/call-tracking/call-tracking.seed';
import { seedDevPages } from '../modules/dev-pages/dev-pages.seed';
import { seedFacebookAds } from '../modules/facebook-ads/fbads.seed';
import { seedGoogleAds } from '../modules/google-ads/google-ads.seed';
import { seedQa } from '../modules/google-qa/qa.seed';
import { insertDemoAccounts } from '../modules/identity/demo-accounts';
import { hashPassword } from '../modules/identity/password';
import { seedLeadsCenter } from '../modules/leads-center/leads-center.seed';
import { seedListingScans } from '../modules/listing-scans/listing-scans.seed';
import { seedListings } from '../modules/listings/listings.seed';
import { seedLsa } from '../modules/lsa/lsa.seed';
import { seedWebsiteInsights } from '../modules/page-speed/website-insights.seed';
import { seedPerformance } from '../modules/performance-report/performance.seed';
import { seedPhotos } from '../modules/photos/photos.seed';
import { seedPosts } from '../modules/posts/posts.seed';
import { seedQrCodes } from '../modules/qr-codes/qr-codes.seed';
import { seedSolicitation } from '../modules/review-solicitation/solicitation.seed';
import { seedReviews } from '../modules/reviews/reviews.seed';
import { seedWebsites } from '../modules/websites/websites.seed';
import { seedActivity } from './activity';
import { type SeededCompany, seedCompanies } from './companies';
import type { GridStory } from './grid-stories';
import { seedGrids } from './grids';
import { seedInbox } from './inbox';
import { seedProducts } from './products';
import { createRandom } from './random';
import type { SeedContext } from './seed-context';

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
    const timed = async (name: string, seed: () => Promise<unknown>) => {
      const at = performance.now();
      await seed();
      areas[name] = Math.round(performance.now() - at);
    };
    await timed('billing', () =>
      seedBilling(ctx, products, { bayside: bayside.id, harbor: harbor.id, summit: summit.id }),
    );
    await timed('reviews', () => seedReviews(ctx, products));
    await timed('posts', () => seedPosts(ctx, products));
    await timed('photos', () => seedPhotos(ctx, products));
    await timed('qa', () => seedQa(ctx, products));
    await timed('listings', () => seedListings(ctx, products));
    await timed('listing-scans', () => seedListingScans(ctx, products));
    await timed('google-ads', () => seedGoogleAds(ctx, products));
    await timed('lsa', () => seedLsa(ctx, products));
    await timed('call-tracking', () => seedCallTracking(ctx, products));
    await timed('facebook-ads', () => seedFacebookAds(ctx, products));
    await timed('performance', () => seedPerformance(ctx, products));
    await timed('ad-specs', () => seedAdSpecs(ctx, products));
    await timed('websites', () => seedWebsites(ctx, products));
    await timed('website-insights', () => seedWebsiteInsights(ctx, products));
    await timed('qr-codes', () => seedQrCodes(ctx, products));
    // After every lead source's seed (LSA, calls, Google and Facebook ads, contact forms).
    await timed('leads-center', () => seedLeadsCenter(ctx, products));
    // After the reviews' seed: a few seeded reviews answer a seeded request.
    await timed('review-solicitation', () => seedSolicitation(ctx, products));
    await timed('dev-pages', () => seedDevPages(ctx));

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
