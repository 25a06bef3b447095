import type { FastifyInstance } from 'fastify';
import {
  clientCompanies,
  clientMembers,
  fbadsInsights,
  productInstances,
  users,
  vendorConnections,
} from '../../kernel/db/schema';
import { nextSerial } from '../../test/serial';
import { sessionCookieOf } from '../../test/test-app';
import { createPerformanceRepository } from './performance.repository';

export interface PerformanceFixture {
  companyId: number;
  otherCompanyId: number;
  locations: [number, number];
  fbadsConnectionId: number;
  cookies: { client: string; stranger: string };
}

const zero = {
  desktopMaps: 0,
  desktopSearch: 0,
  mobileMaps: 0,
  mobileSearch: 0,
  calls: 0,
  directions: 0,
  websiteClicks: 0,
};

/**
 * A company with two Business Profile locations (days stored as the sync stores them) and a
 * Facebook ad account with insights; no Facebook page and no website product. Another
 * company with its own member (the stranger).
 */
export async function performanceFixture(app: FastifyInstance): Promise<PerformanceFixture> {
  const db = app.database.db;
  const serial = nextSerial(db);
  const tag = `perf-${serial}`;
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: `Perf ${tag} Plumbing`, label: tag })
    .returning();
  const [other] = await db
    .insert(clientCompanies)
    .values({ name: `Other ${tag}`, label: `o-${tag}` })
    .returning();
  const companyId = company?.id ?? 0;
  const conns = await db
    .insert(vendorConnections)
    .values([
      {
        companyId,
        vendor: 'google-business-profile',
        externalAccount: `accounts/1/locations/${tag}-a`,
        displayName: 'Main St',
      },
      {
        companyId,
        vendor: 'google-business-profile',
        externalAccount: `accounts/1/locations/${tag}-b`,
        displayName: 'Oak Ave',
      },
      {
        companyId,
        vendor: 'facebook-ads',
        externalAccount: `act_${serial}`,
        lastSyncedAt: new Date('2026-03-10T06:00:00Z'),
      },
    ])
    .returning();
  const [a, b, ads] = conns.map((c) => c.id) as [number, number, number];
  await db.insert(productInstances).values([
    {
      companyId,
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 29_900,
      vendorConnectionId: a,
    },
    {
      companyId,
      productSlug: 'facebook-ads',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 50_000,
      vendorConnectionId: ads,
    },
  ]);
  const repo = createPerformanceRepository(db);
  // Location A: 1 call a day in March 1–10, 3 a day in Feb 19–28 (the previous period).
  const days = (from: number, to: number, month: string, calls: number, views: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      ...zero,
      day: `2026-${month}-${String(from + i).padStart(2, '0')}`,
      calls,
      desktopMaps: views,
      mobileMaps: views,
      desktopSearch: 1,
    }));
  await repo.upsertDays(db, { id: a, companyId }, [
    ...days(1, 10, '03', 1, 5),
    ...days(19, 28, '02', 3, 2),
  ]);
  await repo.upsertDays(db, { id: b, companyId }, days(1, 5, '03', 2, 1));
  await db.insert(fbadsInsights).values(
    [1, 2, 3].map((d) => ({
      connectionId: ads,
      companyId,
      campaignId: 'c1',
      day: `2026-03-0${d}`,
      spendCents: 1_000 * d,
      impressions: 100,
      clicks: d,
      leads: 1,
    })),
  );
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@p.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@p.test`, firstName: 'Stan', lastName: 'Stranger' },
    ])
    .returning();
  const [client, stranger] = people.map((p) => p.id) as [number, number];
  await db.insert(clientMembers).values([
    { userId: client, companyId },
    { userId: stranger, companyId: other?.id ?? 0 },
  ]);
  return {
    companyId,
    otherCompanyId: other?.id ?? 0,
    locations: [a, b],
    fbadsConnectionId: ads,
    cookies: {
      client: await sessionCookieOf(app, client),
      stranger: await sessionCookieOf(app, stranger),
    },
  };
}
