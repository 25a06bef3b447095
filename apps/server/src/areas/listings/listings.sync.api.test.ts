import {
  type RunningGbpBusinessInfoPeer,
  startGbpBusinessInfoPeer,
} from '@pinpoint/fake-vendors/gbp-business-info-peer';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, googleListings, vendorConnections } from '../../kernel/db/schema';
import { listingFixture, listingsTestApp } from './listings.test-setup';

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

const listingAlerts = (companyId: number) =>
  app.database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.companyId, companyId), eq(alerts.kind, 'listing')));
const stored = async (connectionId: number) =>
  (
    await app.database.db
      .select()
      .from(googleListings)
      .where(eq(googleListings.connectionId, connectionId))
  )[0];

describe('the listing sync (Business Information API fake)', () => {
  it('stores the first sync without an alert, writes nothing when nothing changed, and flags a change made on Google once', async () => {
    const f = await listingFixture(app, peer);
    const first = await app.vendorSync.runSync(f.connectionId, 'listing');
    expect(first).toMatchObject({ status: 'done', itemsWritten: 1 });
    const row = await stored(f.connectionId);
    expect(row?.changedFields).toEqual([]);
    expect(row?.fields).toMatchObject({ title: 'Summit Plumbing', phone: '(512) 555-0134' });
    expect(await listingAlerts(f.companyId)).toHaveLength(0);

    const again = await app.vendorSync.runSync(f.connectionId, 'listing');
    expect(again).toMatchObject({ status: 'done', itemsWritten: 0 });
    expect((await stored(f.connectionId))?.updatedAt).toEqual(row?.updatedAt);

    // A reformatting on Google's side is no change; a new website and Friday's hours are.
    peer.editOnGoogle(f.location, {
      phoneNumbers: { primaryPhone: '+1 512-555-0134' },
      websiteUri: 'https://summit-drains.example/',
      regularHours: {
        periods: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({
          openDay: day,
          openTime: { hours: 8 },
          closeDay: day,
          closeTime: { hours: day === 'FRIDAY' ? 15 : 17 },
        })),
      },
    });
    const changed = await app.vendorSync.runSync(f.connectionId, 'listing');
    expect(changed).toMatchObject({ status: 'done', itemsWritten: 1 });
    expect((await stored(f.connectionId))?.changedFields).toEqual(['website', 'regularHours']);
    const raised = await listingAlerts(f.companyId);
    expect(raised).toHaveLength(1);
    expect(raised[0]?.title).toBe("Google's listing changed: website, opening hours");
    expect(raised[0]?.data).toEqual({
      connectionId: f.connectionId,
      fields: ['website', 'regularHours'],
    });

    expect(await app.vendorSync.runSync(f.connectionId, 'listing')).toMatchObject({
      itemsWritten: 0,
    });
    expect(await listingAlerts(f.companyId)).toHaveLength(1);
  });

  it('puts the connection in needs attention when Google refuses the token (401)', async () => {
    const f = await listingFixture(app, peer, 'an-expired-token');
    const run = await app.vendorSync.runSync(f.connectionId, 'listing');
    expect(run.status).toBe('needs_attention');
    const [connection] = await app.database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, f.connectionId));
    expect(connection?.status).toBe('needs_attention');
    expect(connection?.lastError).toContain('HTTP 401');
    expect(await stored(f.connectionId)).toBeUndefined();
  });

  it('leaves a 429 for the job queue to retry, storing nothing', async () => {
    const f = await listingFixture(app, peer);
    peer.failNext(429, 0);
    await expect(app.vendorSync.runSync(f.connectionId, 'listing')).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await stored(f.connectionId)).toBeUndefined();
    expect(await app.vendorSync.runSync(f.connectionId, 'listing')).toMatchObject({
      status: 'done',
      itemsWritten: 1,
    });
  });
});
