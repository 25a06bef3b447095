import {
  BSTAC_PEER_KEY,
  BSTAC_PEER_ORG,
  type RunningBstacPeer,
  startBeaconstacPeer,
} from '@pinpoint/fake-vendors/beaconstac-peer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bstacQrCodes, bstacScanDays, vendorConnections } from '../../kernel/db/schema';
import { BEACONSTAC_VENDOR } from '../../providers/kernel/vendor-ids';
import { createBeaconstacDemo } from '../../providers/qr/beaconstac-demo';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { BSTAC_DATASETS } from './beaconstac.sync';
import { type QrFixture, qrCall, qrFixture } from './qr-codes.test-setup';

let peer: RunningBstacPeer;
let t: TestApp;
let f: QrFixture;
let connectionId = 0;
const DAY = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  peer = await startBeaconstacPeer();
  const defaults = testConfig();
  t = await createTestApp({
    config: {
      vendors: {
        ...defaults.vendors,
        beaconstac: { mode: 'live', baseUrl: peer.base, timeoutMs: 5_000 },
      },
      vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 2 },
    },
  });
  f = await qrFixture(t.app);
  const [connection] = await t.app.database.db
    .insert(vendorConnections)
    .values({
      companyId: f.companyId,
      vendor: BEACONSTAC_VENDOR,
      externalAccount: BSTAC_PEER_ORG,
      secretsSealed: t.app.vendorSync.secrets.seal(JSON.stringify({ accessToken: BSTAC_PEER_KEY })),
    })
    .returning();
  connectionId = connection?.id ?? 0;
  for (let i = 0; i < 3; i++) {
    peer.addCode({
      id: 224 + i,
      name: `Poster ${i + 1}`,
      url: `https://qr.tapnscan.me/poster${i}`,
      state: 'A',
      created: '2025-05-09T07:44:03.517097Z',
      updated: `2025-06-2${i}T04:42:16.236238Z`,
      campaign: { custom_url: `https://bakery.example/${i}`, content_type: 2 },
    });
  }
  const place = { city: 'Austin', place: 'Austin, TX', latitude: 30.27, longitude: -97.74 };
  peer.addScan({ productId: 224, at: `${dayAgo(1)}T10:00:00Z`, os: 'iOS', user: 'u1', ...place });
  peer.addScan({ productId: 224, at: `${dayAgo(1)}T11:00:00Z`, os: 'iOS', user: 'u1', ...place });
  peer.addScan({
    productId: 225,
    at: `${dayAgo(2)}T09:00:00Z`,
    os: 'Android',
    user: 'u2',
    ...place,
    city: 'Round Rock',
  });
  peer.addScan({
    productId: 225,
    at: `${dayAgo(40)}T09:00:00Z`,
    os: 'Android',
    user: 'u3',
    ...place,
  });
});
afterAll(async () => {
  await t.app.close();
  await peer.close();
});

describe('the live Uniqode (Beaconstac) adapter against the fake', () => {
  it('syncs the organisation’s codes, then nothing again when nothing changed', async () => {
    const first = await t.app.vendorSync.runSync(connectionId, BSTAC_DATASETS.codes);
    expect(first).toMatchObject({ itemsWritten: 3 });
    const codes = await t.app.database.db
      .select()
      .from(bstacQrCodes)
      .where(eq(bstacQrCodes.connectionId, connectionId));
    expect(codes.map((c) => c.name).sort()).toEqual(['Poster 1', 'Poster 2', 'Poster 3']);
    expect(codes.find((c) => c.externalId === '224')).toMatchObject({
      shortUrl: 'https://qr.tapnscan.me/poster0',
      targetUrl: 'https://bakery.example/0',
    });
    const again = await t.app.vendorSync.runSync(connectionId, BSTAC_DATASETS.codes);
    expect(again).toMatchObject({ itemsWritten: 0 });
    const sent = peer.requests.find((r) => r.path.startsWith('/api/2.0/qrcodes/'));
    expect(sent?.authorization).toBe(`Token ${BSTAC_PEER_KEY}`);
    expect(sent?.path).toContain(`organization=${BSTAC_PEER_ORG}`);
  });

  it('syncs 18 months of scan reports in monthly slices, per code, day and dimension', async () => {
    await t.app.vendorSync.runSync(connectionId, BSTAC_DATASETS.scans);
    const reports = peer.requests.filter((r) => r.path.startsWith('/api/2.0/reports/'));
    // 548 days in 31-day slices, four reports each.
    expect(reports.length).toBe(18 * 4);
    expect(reports.some((r) => r.path.includes('method=Products.getOsDistribution'))).toBe(true);
    const rows = await t.app.database.db
      .select()
      .from(bstacScanDays)
      .where(eq(bstacScanDays.connectionId, connectionId));
    const visitors = rows.filter((r) => r.dimension === 'visitors');
    expect(visitors.find((r) => r.qrExternalId === '224')).toMatchObject({
      day: dayAgo(1),
      scans: 2,
      visitors: 1,
    });
    expect(rows.find((r) => r.dimension === 'location')).toMatchObject({
      label: 'Austin, TX',
      latitude: 30.27,
    });
  });

  it('answers /api/beaconstac/… from our tables, for the company only', async () => {
    const call = qrCall(t.app, f.cookies.client);
    const range = `from=${dayAgo(30)}&to=${dayAgo(0)}`;
    const account = await call.viaGateway('GET', `/api/beaconstac/account/${f.productId}`);
    expect(account.json()).toMatchObject({
      connected: true,
      organisation: BSTAC_PEER_ORG,
      codes: 3,
    });
    const client = await call.get(`/api/beaconstac/client/${f.companyId}`);
    expect(client.json().organisations).toHaveLength(1);
    const list = await call.get(`/api/beaconstac/qrcode/${f.productId}`);
    expect(list.json().items).toHaveLength(3);
    const os = await call.viaGateway('GET', `/api/beaconstac/analytics/os/${f.productId}?${range}`);
    expect(os.json().items).toEqual([
      { label: 'iOS', scans: 2 },
      { label: 'Android', scans: 1 },
    ]);
    const visitors = await call.get(`/api/beaconstac/analytics/visitors/${f.productId}?${range}`);
    expect(visitors.json().totals).toEqual({ scans: 3, visitors: 2 });
    const city = await call.get(`/api/beaconstac/analytics/city/${f.productId}?${range}`);
    expect(city.json().items.map((c: { label: string }) => c.label)).toEqual([
      'Austin',
      'Round Rock',
    ]);
    const locations = await call.get(`/api/beaconstac/analytics/locations/${f.productId}?${range}`);
    expect(locations.json().items[0]).toEqual({
      label: 'Austin, TX',
      scans: 3,
      latitude: 30.27,
      longitude: -97.74,
    });
    const one = list.json().items.find((c: { externalId: string }) => c.externalId === '225');
    const ofOne = await call.get(
      `/api/beaconstac/analytics/os/${f.productId}?${range}&code=${one.id}`,
    );
    expect(ofOne.json().items).toEqual([{ label: 'Android', scans: 1 }]);
    const all = await call.post(`/api/uni/products/qrcodes/${f.productId}/analytics`, {
      from: dayAgo(60),
      to: dayAgo(0),
    });
    expect(all.json().totals.scans).toBe(4);
    expect(all.json().vendorSyncedAt).not.toBeNull();
    const stranger = qrCall(t.app, f.cookies.stranger);
    expect(
      (await stranger.get(`/api/beaconstac/analytics/os/${f.productId}?${range}`)).statusCode,
    ).toBe(403);
    expect((await stranger.get(`/api/beaconstac/client/${f.companyId}`)).statusCode).toBe(403);
    const bad = await call.get(
      `/api/beaconstac/analytics/os/${f.productId}?from=${dayAgo(0)}&to=${dayAgo(5)}`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('puts the connection in needs-attention when the key is refused', async () => {
    peer.failNext(1, 401);
    await t.app.vendorSync.runSync(connectionId, BSTAC_DATASETS.codes).catch(() => null);
    const [row] = await t.app.database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, connectionId));
    expect(row?.status).toBe('needs_attention');
    expect(row?.lastError).toMatch(/HTTP 401/);
    expect(row?.lastError).not.toContain(BSTAC_PEER_KEY);
  });
});

describe('the demo adapter', () => {
  it('answers the same codes and scans for the same organisation, with every dimension', async () => {
    const demo = createBeaconstacDemo();
    const access = { externalAccount: 'org-42', accessToken: null };
    const a = await demo.scanReport(access, { from: '2025-03-01', to: '2025-03-31' });
    const b = await demo.scanReport(access, { from: '2025-03-01', to: '2025-03-31' });
    expect(a).toEqual(b);
    const dims = new Set(a.map((r) => r.dimension));
    expect([...dims].sort()).toEqual(['city', 'location', 'os', 'visitors']);
    const scans = (d: string) =>
      a.filter((r) => r.dimension === d).reduce((s, r) => s + r.scans, 0);
    expect(scans('os')).toBe(scans('visitors'));
    expect(scans('city')).toBe(scans('visitors'));
    const page = await demo.listQrCodes(access, { offset: 0, limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.nextOffset).toBe(1);
  });
});
