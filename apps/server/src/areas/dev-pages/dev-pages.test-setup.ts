import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  clientCompanies,
  keywords,
  posts,
  productInstances,
  vendorConnections,
} from '../../kernel/db/schema';
import { createRandom } from '../../kernel/demo/random';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { signInCookie, TEST_ORIGIN } from '../../test/test-app';
import { seedDevPages } from './dev-pages.seed';

/** The day the fixture's data runs up to. */
export const ANCHOR = new Date('2026-03-20T00:00:00Z');

export interface DevPagesFixture {
  summit: number;
  harbor: number;
  /** Summit's SEO Pro product (the demo employee is assigned to Summit, not Harbor). */
  seoProduct: number;
  /** Harbor's SEO Pro product. */
  harborSeo: number;
  /** Summit's Business Profile product, whose posts the calendar shows. */
  gbpProduct: number;
  cookies: Record<'employee' | 'rookie' | 'admin' | 'client', string>;
}

/**
 * The demo accounts' four companies with a few products (some held), keywords, a Business
 * Profile connection with a published and a scheduled post, and the dev pages' seed over
 * them (SEO positions, hold reasons, blog posts).
 */
export async function devPagesFixture(app: FastifyInstance): Promise<DevPagesFixture> {
  const db = app.database.db;
  await seedDemoAccounts(db);
  const companies = await db.select().from(clientCompanies);
  const id = (label: string) => companies.find((c) => c.label === label)?.id ?? 0;
  const summit = id('Summit Plumbing');
  const harbor = id('Harbor Smiles');
  await db
    .update(clientCompanies)
    .set({ website: 'https://www.summitplumbing.com', city: 'Austin', timeZone: 'America/Chicago' })
    .where(eq(clientCompanies.id, summit));
  await db
    .update(clientCompanies)
    .set({ website: 'https://harborsmiles.com', city: 'Tampa' })
    .where(eq(clientCompanies.id, harbor));
  await db.insert(keywords).values(
    ['plumber', 'drain cleaning', 'water heater repair'].map((keyword) => ({
      companyId: summit,
      keyword,
    })),
  );
  await db.insert(keywords).values({ companyId: harbor, keyword: 'orthodontist' });
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId: summit,
      vendor: 'google-business-profile',
      externalAccount: 'locations/1',
    })
    .returning();
  const product = (
    companyId: number,
    productSlug: string,
    status: string,
    monthlyPriceCents: number,
    vendorConnectionId: number | null = null,
  ) => ({
    companyId,
    productSlug,
    status,
    startDate: '2025-01-01',
    monthlyPriceCents,
    vendorConnectionId,
  });
  const rows = await db
    .insert(productInstances)
    .values([
      product(summit, 'seo-pro', 'active', 89_900),
      product(summit, 'google-business-pro', 'active', 29_900, connection?.id ?? null),
      product(summit, 'google-ads', 'on_hold', 75_000),
      product(summit, 'website', 'paused', 14_900),
      product(harbor, 'seo-pro', 'active', 90_000),
      product(harbor, 'facebook-ads', 'on_hold', 50_000),
    ])
    .returning();
  const chicagoNoon = (day: string) => new Date(`${day}T17:00:00Z`);
  await db.insert(posts).values([
    {
      companyId: summit,
      connectionId: connection?.id ?? 0,
      source: 'google',
      summary: 'Published in March',
      state: 'published',
      publishedAt: chicagoNoon('2026-03-10'),
    },
    {
      companyId: summit,
      connectionId: connection?.id ?? 0,
      source: 'google',
      summary: 'Scheduled for April',
      state: 'scheduled',
      scheduledFor: chicagoNoon('2026-04-02'),
    },
    {
      companyId: summit,
      connectionId: connection?.id ?? 0,
      source: 'google',
      summary: 'A draft never shows',
      state: 'draft',
      createdAt: chicagoNoon('2026-03-11'),
    },
  ]);
  await seedDevPages({ tx: db, random: createRandom(7), anchor: ANCHOR });
  const cookies = {} as DevPagesFixture['cookies'];
  for (const who of ['employee', 'rookie', 'admin', 'client'] as const) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
  return {
    summit,
    harbor,
    seoProduct: rows[0]?.id ?? 0,
    gbpProduct: rows[1]?.id ?? 0,
    harborSeo: rows[4]?.id ?? 0,
    cookies,
  };
}

/** A call as someone (a cookie, or none), on a host (default: the dev host `localhost`). */
export function callAs(
  app: FastifyInstance,
  cookie: string | null,
  method: InjectOptions['method'],
  url: string,
  options: { payload?: object; host?: string } = {},
) {
  const host = options.host ?? 'localhost';
  return app.inject({
    method,
    url,
    headers: {
      host,
      origin: options.host ? `http://${host}` : TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}
