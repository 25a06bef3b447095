import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, productInstances, vendorConnections } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { syncProductCatalog } from '../catalog/product-catalog';
import { freshnessOf, productAccess, productScope, slugIn, withSubPage } from './product-access';

/**
 * The access check the product reports share (LSA, Google Ads, Facebook Ads, call tracking,
 * Q&A, listing, listing scans, photos, QR codes), on a real database: two companies, each
 * with products and connections, and products linked to the wrong ones.
 */
let database: TestDatabase;
const ids = {
  home: 0,
  away: 0,
  lsa: 0,
  lsaOfAway: 0,
  gbp: 0,
  linkedToAway: 0,
  linkedToOtherVendor: 0,
  dangling: 0,
  unlinked: 0,
  lsaConnection: 0,
};
const SYNCED_AT = new Date('2026-03-04T05:06:07.000Z');
const MISSING = 999_999;

const principal = (over: Partial<Principal> = {}): Principal => ({
  userId: 1,
  perm: false,
  admin: false,
  lead: false,
  memberOf: [],
  assignedTo: [],
  ...over,
});
const admin = () => principal({ admin: true });
const member = () => principal({ memberOf: [ids.home] });
const LSA = { accepts: slugIn(['local-services-ads']), noReport: 'No LSA here.' };

async function company(name: string, timeZone: string) {
  const [row] = await database.db
    .insert(clientCompanies)
    .values({ name, label: name.toLowerCase().replace(/\W+/g, '-'), timeZone })
    .returning({ id: clientCompanies.id });
  return row?.id ?? 0;
}

async function connection(companyId: number, vendor: string, account: string) {
  const [row] = await database.db
    .insert(vendorConnections)
    .values({ companyId, vendor, externalAccount: account, lastSyncedAt: SYNCED_AT })
    .returning({ id: vendorConnections.id });
  return row?.id ?? 0;
}

async function product(companyId: number, slug: string, connectionId: number | null) {
  const [row] = await database.db
    .insert(productInstances)
    .values({
      companyId,
      productSlug: slug,
      status: 'active',
      startDate: '2026-01-01',
      monthlyPriceCents: 10_000,
      vendorConnectionId: connectionId,
    })
    .returning({ id: productInstances.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await syncProductCatalog(database.db);
  ids.home = await company('Access Home Plumbing', 'America/Chicago');
  ids.away = await company('Access Away Roofing', 'America/Denver');
  ids.lsaConnection = await connection(ids.home, 'google-ads-lsa', 'lsa-home');
  const awayLsa = await connection(ids.away, 'google-ads-lsa', 'lsa-away');
  const homeProfile = await connection(ids.home, 'google-business-profile', 'accounts/1');
  ids.lsa = await product(ids.home, 'local-services-ads', ids.lsaConnection);
  ids.lsaOfAway = await product(ids.away, 'local-services-ads', awayLsa);
  ids.gbp = await product(ids.home, 'google-business-pro', homeProfile);
  ids.linkedToAway = await product(ids.home, 'local-services-ads', awayLsa);
  ids.linkedToOtherVendor = await product(ids.home, 'local-services-ads', homeProfile);
  ids.dangling = await product(ids.home, 'local-services-ads', MISSING);
  ids.unlinked = await product(ids.home, 'local-services-ads', null);
});
afterAll(async () => {
  await database?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the check to refuse');
    },
    (error: unknown) => error,
  );

describe('productAccess', () => {
  it('answers a missing product as the guard does: 404 to an admin, 403 to anyone else', async () => {
    expect(await failure(productAccess(database.db, admin(), MISSING, LSA))).toMatchObject({
      statusCode: 404,
      message: 'No such product.',
    });
    expect(await failure(productAccess(database.db, member(), MISSING, LSA))).toMatchObject({
      statusCode: 403,
      extra: { reason: 'access denied' },
    });
  });

  it("refuses another company's product with 403, before saying what kind it is", async () => {
    expect(await failure(productAccess(database.db, member(), ids.lsaOfAway))).toMatchObject({
      statusCode: 403,
    });
    // Not an LSA product either way: a stranger still hears 403, never the 404 message.
    expect(await failure(productAccess(database.db, member(), ids.lsaOfAway, LSA))).toMatchObject({
      statusCode: 403,
    });
    const assigned = principal({ perm: true, assignedTo: [ids.away] });
    const seen = await productAccess(database.db, assigned, ids.lsaOfAway, LSA);
    expect(seen.product.companyId).toBe(ids.away);
  });

  it('answers a product of another kind 404 with the report’s own message', async () => {
    expect(await failure(productAccess(database.db, member(), ids.gbp, LSA))).toMatchObject({
      statusCode: 404,
      message: 'No LSA here.',
    });
    const noQa = { accepts: withSubPage('qa'), noReport: 'No questions here.' };
    expect(await failure(productAccess(database.db, member(), ids.lsa, noQa))).toMatchObject({
      statusCode: 404,
      message: 'No questions here.',
    });
    const qa = await productAccess(database.db, member(), ids.gbp, noQa);
    expect(qa.product).toMatchObject({ id: ids.gbp, slug: 'google-business-pro' });
    expect(qa.product.subPages).toContain('qa');
  });

  it('lets every product of a visible company through when the report names none', async () => {
    const seen = await productAccess(database.db, member(), ids.gbp);
    expect(seen).toEqual({
      product: expect.objectContaining({ id: ids.gbp, companyId: ids.home }),
      zone: 'America/Chicago',
    });
  });
});

describe('productScope', () => {
  it("reads the product's connection of its company and vendor, the company's zone and freshness", async () => {
    const s = await productScope(database.db, member(), ids.lsa, {
      ...LSA,
      vendor: 'google-ads-lsa',
    });
    expect(s.product.id).toBe(ids.lsa);
    expect(s.connection?.id).toBe(ids.lsaConnection);
    expect(s.zone).toBe('America/Chicago');
    expect(s.freshness).toEqual({ status: 'connected', lastSyncedAt: SYNCED_AT.toISOString() });
  });

  it('counts a connection of another company, another vendor or none at all as no connection', async () => {
    for (const id of [ids.linkedToAway, ids.linkedToOtherVendor, ids.dangling, ids.unlinked]) {
      const s = await productScope(database.db, member(), id, { ...LSA, vendor: 'google-ads-lsa' });
      expect(s.connection, `product ${id}`).toBeNull();
      expect(s.freshness).toEqual({ status: null, lastSyncedAt: null });
      expect(s.zone).toBe('America/Chicago');
    }
  });

  it("follows the connection's state as it changes", async () => {
    await database.db
      .update(vendorConnections)
      .set({ status: 'needs_attention', lastSyncedAt: null })
      .where(eq(vendorConnections.id, ids.lsaConnection));
    const s = await productScope(database.db, admin(), ids.lsa, { vendor: 'google-ads-lsa' });
    expect(s.freshness).toEqual({ status: 'needs_attention', lastSyncedAt: null });
    expect(freshnessOf(null)).toEqual({ status: null, lastSyncedAt: null });
  });

  it('runs the access check before reading any connection', async () => {
    const options = { ...LSA, vendor: 'google-ads-lsa' } as const;
    expect(
      await failure(productScope(database.db, member(), ids.lsaOfAway, options)),
    ).toMatchObject({ statusCode: 403 });
    expect(await failure(productScope(database.db, member(), ids.gbp, options))).toMatchObject({
      statusCode: 404,
      message: 'No LSA here.',
    });
  });
});
