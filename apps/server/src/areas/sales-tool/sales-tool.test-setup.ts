import type { SalesBatchResponse, SalesContainer } from '@pinpoint/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { clientCompanies, competitors, gridScans, users } from '../../kernel/db/schema';
import { waitFor } from '../../test/job-test-helpers';
import { sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';

/** Downtown Austin, where the simulated search finds the plumbers seeded below. */
export const CENTRE = { lat: 30.2672, lng: -97.7431 };
export const GRID = { size: 5, radius: 2, unit: 'mi' as const };

/** A newcomer the map does not show yet: it ranks nowhere, a weakness the grids measure. */
export const newcomer = {
  placeId: 'ChIJ-sales-newcomer',
  name: 'Newcomer Plumbing',
  address: '500 Congress Ave, Austin, TX 78701',
  phone: '(512) 555-0142',
  category: 'Plumber',
  lat: CENTRE.lat,
  lng: CENTRE.lng,
  rating: 4.1,
  reviewCount: 23,
};

export interface SalesPeople {
  rookie: number;
  other: number;
  admin: number;
  host: number;
}

/**
 * A client company whose competitors are the plumbers the simulated search shows around
 * downtown (the prospect's competitors), two salespeople (rookie owns the workspaces, other
 * is a stranger to them) and an admin.
 */
export async function seedSalesWorld(app: FastifyInstance): Promise<SalesPeople> {
  const ids: SalesPeople = { rookie: 0, other: 0, admin: 0, host: 0 };
  const db = app.database.db;
  const [host] = await db
    .insert(clientCompanies)
    .values({ name: 'Host Plumbing', label: 'Host', primaryCategory: 'Plumber' })
    .returning({ id: clientCompanies.id });
  ids.host = host?.id ?? 0;
  await db.insert(competitors).values(
    ['Zilker Pipe Works', 'Eastside Drain Pros', 'Capitol Plumbing Co', 'Barton Rooter'].map(
      (name, i) => ({
        companyId: ids.host,
        name,
        placeId: `ChIJ-sales-${i}`,
        category: 'Plumber',
        address: `${100 + i} Congress Ave, Austin, TX`,
        latitude: CENTRE.lat + (i - 1.5) * 0.01,
        longitude: CENTRE.lng + (i % 2 ? 0.01 : -0.01),
        rating: 4.5,
        reviewCount: 120 + i * 40,
      }),
    ),
  );
  const people = await db
    .insert(users)
    .values([
      { email: 'rookie@sales.test', firstName: 'Rook', lastName: 'Ie', perm: true },
      { email: 'other@sales.test', firstName: 'Oth', lastName: 'Er', perm: true },
      { email: 'admin@sales.test', firstName: 'Ad', lastName: 'Min', admin: true },
    ])
    .returning({ id: users.id });
  [ids.rookie, ids.other, ids.admin] = people.map((p) => p.id) as [number, number, number];
  return ids;
}

/** A request as the user, signed in. */
export async function callAs(app: FastifyInstance, userId: number, options: InjectOptions) {
  return app.inject({
    ...options,
    // A POST always carries a JSON body here (the same-origin rule), if only an empty one.
    ...(options.method === 'POST' && options.payload === undefined && { payload: {} }),
    headers: { cookie: await sessionCookieOf(app, userId), origin: TEST_ORIGIN },
  });
}

export const createContainerAs = (
  app: FastifyInstance,
  userId: number,
  business: object,
  extra: object = {},
) =>
  callAs(app, userId, {
    method: 'POST',
    url: '/api/sales/containers',
    payload: { business, ...extra },
  });

export const waitForScansDone = (app: FastifyInstance, scanIds: number[]) =>
  waitFor(async () => {
    const rows = await app.database.db
      .select({ status: gridScans.status })
      .from(gridScans)
      .where(inArray(gridScans.id, scanIds));
    return rows.length === scanIds.length && rows.every((r) => r.status === 'done');
  }, 60_000);

/**
 * The newcomer's workspace with one finished run of a grid for "plumber" and one for
 * "drain cleaning" (in that order): what the recommendations and the convert start from.
 */
export async function prospectWithGrids(
  app: FastifyInstance,
  userId: number,
): Promise<{ container: SalesContainer; scanIds: number[] }> {
  const created = await createContainerAs(app, userId, newcomer);
  if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const container = created.json<SalesContainer>();
  const res = await callAs(app, userId, {
    method: 'POST',
    url: '/api/sales/batch',
    payload: { containerId: container.id, keywords: ['plumber', 'drain cleaning'], grid: GRID },
  });
  if (res.statusCode !== 200) throw new Error(`batch: ${res.statusCode} ${res.body}`);
  const scanIds = res.json<SalesBatchResponse>().run?.grids.map((g) => g.scanId) ?? [];
  if (scanIds.length !== 2) throw new Error(`batch started ${scanIds.length} grids, not 2`);
  await waitForScansDone(app, scanIds);
  return { container, scanIds };
}
