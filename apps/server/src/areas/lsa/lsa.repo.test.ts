import {
  LSA_PEER_CUSTOMER,
  LSA_PEER_EXPIRED_TOKEN,
  LSA_PEER_TOKEN,
  type RunningLsaPeer,
  startLsaPeer,
} from '@pinpoint/fake-vendors/google-ads-lsa-peer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lsaLeads, vendorConnections } from '../../kernel/db/schema';
import type { TestDatabase } from '../../test/test-database';
import { createCatalogTestDatabase, type TestAreaSync, testConfig } from '../../test/test-services';
import {
  insertLsaRows,
  type LsaRows,
  lsaAreaSync,
  lsaLiveConfig,
  lsaTimes,
  seedLsaPeer,
} from './lsa.test-setup';

// The LSA leads sync as its job runs it (the vendor frame with the area's syncs, no app).
// The daily sync read back through its route, and the routes: lsa.api.test.ts.
const now = Date.now();
const { ago } = lsaTimes(now);

let database: TestDatabase;
let area: TestAreaSync;
let peer: RunningLsaPeer;
let f: LsaRows;

beforeAll(async () => {
  peer = await startLsaPeer();
  database = await createCatalogTestDatabase();
  area = await lsaAreaSync(database, testConfig(lsaLiveConfig(peer.base)));
  f = await insertLsaRows(database.db, area.vendorSync.secrets, LSA_PEER_CUSTOMER, LSA_PEER_TOKEN);
  seedLsaPeer(peer, now);
}, 60_000);
afterAll(async () => {
  await area?.jobs.stop();
  await database?.close();
  await peer?.close();
});

describe('LSA sync against the Google Ads API fake', () => {
  it('backfills 18 months of leads over GAQL searchStream, slice by slice, with conversations', async () => {
    const result = await area.vendorSync.runSync(f.connectionId, 'lsa-leads');
    expect(result.status).toBe('done');
    expect(result.pages).toBe(18); // 548 days in 31-day slices
    const rows = await database.db
      .select()
      .from(lsaLeads)
      .where(eq(lsaLeads.connectionId, f.connectionId));
    expect(rows.map((r) => r.externalId).sort()).toEqual(['9001', '9002', '9003', '9004', '9005']);
    // creation_date_time is the account's local time: stored as the same instant in UTC.
    expect(rows.find((r) => r.externalId === '9001')?.leadCreatedAt.getTime()).toBe(
      ago(2).getTime(),
    );
    expect(rows.find((r) => r.externalId === '9003')?.creditState).toBe('PENDING');
    const leadQueries = peer.queries.filter((q) => / FROM local_services_lead /.test(q));
    expect(leadQueries).toHaveLength(18);
    expect(leadQueries[0]).toMatch(/creation_date_time >= '\d{4}-\d\d-\d\d \d\d:\d\d:\d\d'/);
    expect(leadQueries[0]).toMatch(/ORDER BY local_services_lead\.creation_date_time DESC/);
    expect(
      peer.queries.some((q) =>
        /FROM local_services_lead_conversation WHERE .*\.lead IN \('customers\/1234567890\/localServicesLeads\/9001'/.test(
          q,
        ),
      ),
    ).toBe(true);
    // The developer token and the bearer token went with every search.
    const search = peer.requests.find((r) => r.path.endsWith('googleAds:searchStream'));
    expect(search?.headers['developer-token']).toBeTruthy();
  });

  it('re-reads only the last 30 days afterwards, storing nothing when nothing changed', async () => {
    const before = peer.queries.length;
    const again = await area.vendorSync.runSync(f.connectionId, 'lsa-leads');
    expect(again).toMatchObject({ status: 'done', pages: 1, itemsWritten: 0 });
    expect(peer.queries.length - before).toBeLessThanOrEqual(2);
  });

  it('marks the connection "needs attention" when Google refuses an expired token', async () => {
    const expired = await insertLsaRows(
      database.db,
      area.vendorSync.secrets,
      LSA_PEER_CUSTOMER,
      LSA_PEER_EXPIRED_TOKEN,
    );
    const result = await area.vendorSync.runSync(expired.connectionId, 'lsa-leads');
    expect(result.status).toBe('needs_attention');
    const [row] = await database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, expired.connectionId));
    expect(row?.status).toBe('needs_attention');
    expect(row?.lastError).toMatch(/HTTP 401/);
    expect(row?.lastError).not.toContain(LSA_PEER_EXPIRED_TOKEN);
  });
});
