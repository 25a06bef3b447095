import {
  type RunningGbpBusinessInfoPeer,
  startGbpBusinessInfoPeer,
} from '@pinpoint/fake-vendors/gbp-business-info-peer';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  businessProfiles,
  clientCompanies,
  outbox,
  productInstances,
} from '../../kernel/db/schema';
import { callAs } from '../reviews/reviews.test-setup';
import { LISTING_SCANS_UNAVAILABLE } from './listings.service';
import { type ListingFixture, listingFixture, listingsTestApp } from './listings.test-setup';

let app: FastifyInstance;
let peer: RunningGbpBusinessInfoPeer;

beforeAll(async () => {
  peer = await startGbpBusinessInfoPeer();
  app = await listingsTestApp(peer);
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const url = (f: ListingFixture, sub = '') => `/api/uni/products/listings/${f.productId}${sub}`;
type Field = { field: string; status: string; google: string[]; ours: string[] };
const statusOf = (body: { fields: Field[] }, field: string) =>
  body.fields.find((f) => f.field === field)?.status;
const writesOf = (connectionId: number) =>
  app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.subjectType, 'listing'), eq(outbox.subjectId, connectionId)));

async function synced() {
  const f = await listingFixture(app, peer);
  await app.vendorSync.runSync(f.connectionId, 'listing');
  return f;
}

describe('the listing routes', () => {
  it('compares field by field, normalising both sides', async () => {
    const f = await synced();
    const res = await callAs(app, f.cookies.client)('GET', url(f));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.fromEntries(body.fields.map((x: Field) => [x.field, x.status]))).toEqual({
      title: 'match',
      primaryCategory: 'match',
      additionalCategories: 'match',
      // "100 Congress Avenue, Suite 200" and "100 Congress Ave., Ste 200"
      address: 'match',
      phone: 'differs',
      // "https://www.summit-plumbing.example/" and "https://summit-plumbing.example"
      website: 'match',
      regularHours: 'match',
      specialHours: 'match',
      attributes: 'match',
    });
    expect(body.fields.find((x: Field) => x.field === 'phone')).toMatchObject({
      google: ['(512) 555-0134'],
      ours: ['(512) 555-0177'],
      changedOnGoogle: false,
    });
    expect(body.connection).toMatchObject({ id: f.connectionId, status: 'connected' });
    expect(body.lastPush).toBeNull();
  });

  it('pushes the differing fields through the outbox exactly once, and then they match', async () => {
    const f = await synced();
    const call = callAs(app, f.cookies.client);
    const pushed = await call('POST', url(f, '/push'), { idempotencyKey: 'push-key-0001' });
    expect(pushed.statusCode).toBe(202);
    expect(pushed.json().lastPush).toMatchObject({ status: 'pending', fields: ['phone'] });
    // The same request again makes no second write.
    await call('POST', url(f, '/push'), { idempotencyKey: 'push-key-0001' });
    const writes = await writesOf(f.connectionId);
    expect(writes).toHaveLength(1);

    const sent = await app.vendorSync.sendNow(writes[0]?.id ?? 0);
    expect(sent?.status).toBe('sent');
    await app.vendorSync.sendNow(writes[0]?.id ?? 0);
    expect(peer.patches.filter((p) => p.name === f.location)).toEqual([
      {
        name: f.location,
        mask: ['phoneNumbers.primaryPhone'],
        body: { phoneNumbers: { primaryPhone: '+15125550177' } },
      },
    ]);
    const after = (await call('GET', url(f))).json();
    expect(statusOf(after, 'phone')).toBe('match');
    expect(after.lastPush).toMatchObject({ status: 'sent', fields: ['phone'], error: null });

    // The next sync reads our own push back: no change on Google's side, no alert.
    expect(await app.vendorSync.runSync(f.connectionId, 'listing')).toMatchObject({
      itemsWritten: 0,
    });
    const raised = await app.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.companyId, f.companyId));
    expect(raised).toHaveLength(0);
    expect(
      (await call('POST', url(f, '/push'), { idempotencyKey: 'push-key-0002' })).statusCode,
    ).toBe(409);
  });

  it('sends attributes as their own write, and shows a refused push as failed with the reason', async () => {
    const f = await synced();
    await app.database.db
      .update(businessProfiles)
      .set({ attributes: { has_wheelchair_accessible_entrance: false } })
      .where(eq(businessProfiles.companyId, f.companyId));
    const call = callAs(app, f.cookies.employee);
    await call('POST', url(f, '/push'), { idempotencyKey: 'push-attrs-01' });
    const writes = await writesOf(f.connectionId);
    expect(writes.map((w) => (w.payload as { part: string }).part).sort()).toEqual([
      'attributes',
      'location',
    ]);
    const attributes = writes.find((w) => (w.payload as { part: string }).part === 'attributes');
    peer.failNext(400);
    expect((await app.vendorSync.sendNow(attributes?.id ?? 0))?.status).toBe('failed');
    const body = (await call('GET', url(f))).json();
    expect(body.lastPush.status).toBe('failed');
    expect(body.lastPush.error).toContain('HTTP 400');
    expect(statusOf(body, 'attributes')).toBe('differs');
  });

  it("accepts Google's values into the company's profile", async () => {
    const f = await synced();
    peer.editOnGoogle(f.location, { websiteUri: 'https://summit-drains.example/' });
    await app.vendorSync.runSync(f.connectionId, 'listing');
    const call = callAs(app, f.cookies.employee);
    expect((await call('GET', url(f))).json().changedFields).toEqual(['website']);
    const res = await call('POST', url(f, '/accept'), { fields: ['website', 'phone'] });
    expect(res.statusCode).toBe(200);
    expect(statusOf(res.json(), 'website')).toBe('match');
    expect(statusOf(res.json(), 'phone')).toBe('match');
    expect(res.json().changedFields).toEqual([]);
    const [company] = await app.database.db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.id, f.companyId));
    expect(company).toMatchObject({
      website: 'https://summit-drains.example/',
      phone: '+15125550134',
    });
  });

  it('refuses other companies, bad input (with details, nothing written) and non-Google products', async () => {
    const f = await synced();
    const stranger = callAs(app, f.cookies.stranger);
    expect((await stranger('GET', url(f))).statusCode).toBe(403);
    expect(
      (await stranger('POST', url(f, '/push'), { idempotencyKey: 'stranger-push' })).statusCode,
    ).toBe(403);
    expect((await stranger('POST', url(f, '/accept'), { fields: ['phone'] })).statusCode).toBe(403);

    const call = callAs(app, f.cookies.client);
    const bad = await call('POST', url(f, '/push'), { fields: ['nope'], idempotencyKey: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.fields.0', 'body.idempotencyKey']);
    expect((await call('POST', url(f, '/accept'), { fields: [] })).statusCode).toBe(400);
    expect((await call('POST', url(f, '/accept'), { fields: ['phone', 'phone'] })).statusCode).toBe(
      400,
    );
    expect(await writesOf(f.connectionId)).toHaveLength(0);

    const [scan] = await app.database.db
      .insert(productInstances)
      .values({
        companyId: f.companyId,
        productSlug: 'managed-business-listings',
        status: 'active',
        startDate: '2025-01-01',
        monthlyPriceCents: 9_900,
      })
      .returning();
    // The listings products' summary is their directory scan's (areas/listing-scans).
    const summary = await call('GET', `/api/uni/products/listings/${scan?.id}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().kind).toBe('directory-scan');
    const other = await call('POST', `/api/uni/products/listings/${scan?.id}/seen`, {});
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(LISTING_SCANS_UNAVAILABLE);
  });

  it('answers an empty comparison when no Business Profile is connected', async () => {
    const f = await listingFixture(app, peer);
    await app.database.db
      .update(productInstances)
      .set({ vendorConnectionId: null })
      .where(eq(productInstances.id, f.productId));
    const res = await callAs(app, f.cookies.client)('GET', url(f));
    expect(res.statusCode).toBe(200);
    // The company still has the connection: the listing page finds it.
    expect(res.json().connection?.id).toBe(f.connectionId);
    expect(res.json().fields).toEqual([]);
    expect(res.json().syncedAt).toBeNull();
  });
});
