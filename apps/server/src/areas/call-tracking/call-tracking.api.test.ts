import {
  CALL_RECORDING_TYPE_ERROR,
  type CtmCall,
  type CtmSummary,
  todayIn,
} from '@pinpoint/contracts';
import {
  CTM_PEER_ACCOUNT,
  type CtmPeerCall,
  type RunningCtmPeer,
  startCtmPeer,
} from '@pinpoint/fake-vendors/ctm-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctRecordings } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type CtmFixture,
  ctmCall,
  ctmFixture,
  ctmLiveConfig,
  CTM_DAY as DAY,
  CTM_MP3 as MP3,
  seedCtmPeer,
} from './call-tracking.test-setup';

// The routes over what the syncs stored (the syncs themselves: call-tracking.repo.test.ts).
const ZONE = 'America/Chicago';
const now = Date.now();
// Calendar days back from today in the zone: stepping 24 h at a time loses a day across a
// DST change at some hours of the day.
const isoDay = (days: number) => {
  const day = new Date(`${todayIn(ZONE, new Date(now))}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
};

let testApp: TestApp;
let app: FastifyInstance;
let peer: RunningCtmPeer;
let f: CtmFixture;
let peerCalls: CtmPeerCall[] = [];

beforeAll(async () => {
  peer = await startCtmPeer();
  testApp = await createTestApp({ config: ctmLiveConfig(peer.base) });
  app = testApp.app;
  f = await ctmFixture(app, CTM_PEER_ACCOUNT);
  peerCalls = seedCtmPeer(peer, now);
  // What the routes read: the account's calls and numbers, synced as their jobs sync them.
  await app.vendorSync.runSync(f.connectionId, 'calls');
  await app.vendorSync.runSync(f.connectionId, 'numbers');
}, 60_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

describe('call-tracking routes', () => {
  const base = () => `/api/uni/products/ctm/${f.productId}`;
  const range = `from=${isoDay(29)}&to=${isoDay(0)}&tz=${encodeURIComponent(ZONE)}`;

  it('sums the range by day, source and outcome, with first-time callers and freshness', async () => {
    const res = await ctmCall(app, f.cookies.client).get(`${base()}?${range}`);
    expect(res.statusCode).toBe(200);
    const summary: CtmSummary = res.json();
    const inRange = peerCalls.filter((c) => c.unix_time * 1000 >= now - 29.5 * DAY);
    expect(summary.days).toHaveLength(30);
    expect(summary.totals).toEqual({
      calls: inRange.length,
      answered: inRange.filter((c) => c.call_status === 'answered').length,
      missed: inRange.filter((c) => c.call_status === 'no answer').length,
      voicemail: inRange.filter((c) => c.call_status === 'voicemail').length,
      firstTime: inRange.filter((c) => c.is_new_caller).length,
      averageDurationSeconds: Math.round(
        inRange.filter((c) => c.call_status === 'answered').reduce((s, c) => s + c.duration, 0) /
          inRange.filter((c) => c.call_status === 'answered').length,
      ),
    });
    expect(summary.sources.map((s) => s.source)).toEqual([
      'Website',
      'Google Business Profile',
      'Google Ads',
    ]);
    // Every day's sources add up to the totals, as do the outcomes.
    const daySum = summary.days.reduce((s, d) => s + d.bySource.reduce((a, b) => a + b, 0), 0);
    expect(daySum).toBe(summary.totals.calls);
    expect(summary.days.reduce((s, d) => s + d.answered + d.missed + d.voicemail, 0)).toBe(
      summary.totals.calls,
    );
    expect(summary.freshness.status).toBe('connected');
    expect(summary.freshness.lastSyncedAt).not.toBeNull();
    expect(summary.trackingNumbers).toHaveLength(2);
    // Through the gateway too, as the web app calls it.
    const viaGateway = await ctmCall(app, f.cookies.employee).viaGateway(`${base()}?${range}`);
    expect(viaGateway.json()).toEqual(summary);
  });

  it('lists calls newest first, with filters and paging', async () => {
    const list = async (query: string) => {
      const res = await ctmCall(app, f.cookies.client).get(`${base()}/calls?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as { items: CtmCall[]; total: number; sources: string[] };
    };
    const all = await list('pageSize=100');
    expect(all.total).toBe(126);
    expect(all.items[0]?.callerNumber).toBe('+15125552001');
    expect(all.sources).toEqual([
      'Direct mail',
      'Google Ads',
      'Google Business Profile',
      'Website',
    ]);
    expect((await list('status=missed')).items.map((c) => c.id)).toHaveLength(2);
    expect((await list(`status=missed&${range}`)).total).toBe(1);
    expect((await list('firstTime=no')).items.map((c) => c.callerCity)).toEqual([
      'Austin',
      'Round Rock',
    ]);
    expect((await list('source=Direct%20mail')).total).toBe(1);
    expect((await list('q=round')).items.map((c) => c.callerNumber)).toEqual(['+17375550147']);
    expect((await list('q=(737)%20555')).total).toBe(1);
    const page = await list('source=Website&pageSize=50&page=3');
    expect(page.items).toHaveLength(21);
    expect(page.total).toBe(121);
  });

  it('shows calls on a product linked by its external refs, and 404 on a product without calls', async () => {
    const website = await ctmCall(app, f.cookies.client).get(
      `/api/uni/products/ctm/${f.websiteProductId}/calls`,
    );
    expect(website.json().total).toBe(126);
    const unlinked = await ctmCall(app, f.cookies.client).get(
      `/api/uni/products/ctm/${f.unlinkedProductId}`,
    );
    expect(unlinked.statusCode).toBe(404);
    // A calls product with no account says so: no connection, nothing invented.
    const other = await ctmCall(app, f.cookies.stranger).get(
      `/api/uni/products/ctm/${f.otherProductId}`,
    );
    expect(other.json()).toMatchObject({
      freshness: { status: null },
      totals: { calls: 0 },
      sources: [],
    });
  });

  it('serves a recording as audio/mpeg, fetched once and then from our database', async () => {
    const calls = (await ctmCall(app, f.cookies.client).get(`${base()}/calls?q=5552001`)).json();
    const id = calls.items[0]?.id;
    const url = `${base()}/calls/${id}/recording`;
    const first = await ctmCall(app, f.cookies.client).get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.rawPayload.equals(MP3)).toBe(true);
    const fetches = peer.requests.filter((r) => r.path === '/recordings/good.mp3').length;
    const second = await ctmCall(app, f.cookies.employee).get(url);
    expect(second.rawPayload.equals(MP3)).toBe(true);
    expect(peer.requests.filter((r) => r.path === '/recordings/good.mp3').length).toBe(fetches);
    // Binary: not through the JSON gateway.
    expect((await ctmCall(app, f.cookies.client).viaGateway(url)).statusCode).toBe(400);
  });

  it('refuses a recording that is not audio/mpeg with the SPEC message, storing nothing', async () => {
    const calls = (
      await ctmCall(app, f.cookies.client).get(`${base()}/calls?status=voicemail`)
    ).json();
    const id = calls.items[0]?.id;
    const res = await ctmCall(app, f.cookies.client).get(`${base()}/calls/${id}/recording`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(CALL_RECORDING_TYPE_ERROR);
    expect(
      await app.database.db.select().from(ctRecordings).where(eq(ctRecordings.callId, id)),
    ).toEqual([]);
    const silent = (
      await ctmCall(app, f.cookies.client).get(`${base()}/calls?status=missed`)
    ).json();
    const none = await ctmCall(app, f.cookies.client).get(
      `${base()}/calls/${silent.items[0]?.id}/recording`,
    );
    expect(none.statusCode).toBe(404);
  });

  it("refuses another client's product with 403 access denied, on every route", async () => {
    const anyCall = (await ctmCall(app, f.cookies.client).get(`${base()}/calls`)).json().items[0]
      ?.id;
    const attempts = [
      { cookie: f.cookies.stranger, productId: f.productId },
      { cookie: f.cookies.otherEmployee, productId: f.productId },
      { cookie: f.cookies.client, productId: f.otherProductId },
    ];
    for (const { cookie, productId } of attempts) {
      for (const path of ['', '/calls', `/calls/${anyCall}/recording`]) {
        const res = await ctmCall(app, cookie).get(`/api/uni/products/ctm/${productId}${path}`);
        expect(res.statusCode, path).toBe(403);
        expect(res.body).not.toContain('Round Rock');
      }
    }
  });

  it('refuses bad input with field errors', async () => {
    for (const query of [
      'from=2025-02-30&to=2025-03-01',
      'from=2025-01-01',
      'status=busy',
      'pageSize=500',
      'firstTime=maybe',
    ]) {
      const res = await ctmCall(app, f.cookies.client).get(`${base()}/calls?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.length, query).toBeGreaterThan(0);
    }
    // The access guard reads the product id first: a word is nobody's product.
    const word = await ctmCall(app, f.cookies.client).get('/api/uni/products/ctm/abc');
    expect(word.statusCode).toBe(404);
  });
});
