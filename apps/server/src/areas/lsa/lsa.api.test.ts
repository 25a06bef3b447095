import { LSA_RECORDING_TYPE_ERROR, type LsaLead } from '@pinpoint/contracts';
import {
  LSA_PEER_CUSTOMER,
  LSA_PEER_TOKEN,
  type RunningLsaPeer,
  startLsaPeer,
} from '@pinpoint/fake-vendors/google-ads-lsa-peer';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lsaRecordings } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  type LsaFixture,
  lsaCall,
  lsaFixture,
  lsaLiveConfig,
  lsaTimes,
  LSA_MP3 as MP3,
  seedLsaPeer,
} from './lsa.test-setup';

// The routes over what the syncs stored (the leads sync itself: lsa.repo.test.ts).
const now = Date.now();
const { isoDay } = lsaTimes(now);

let testApp: TestApp;
let app: FastifyInstance;
let peer: RunningLsaPeer;
let f: LsaFixture;

beforeAll(async () => {
  peer = await startLsaPeer();
  testApp = await createTestApp({ config: lsaLiveConfig(peer.base) });
  app = testApp.app;
  f = await lsaFixture(app, LSA_PEER_CUSTOMER, LSA_PEER_TOKEN);
  seedLsaPeer(peer, now);
  // What the routes read: the leads, synced as their job syncs them (the days: below).
  await app.vendorSync.runSync(f.connectionId, 'lsa-leads');
}, 60_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

const range = () => ({
  productId: f.productId,
  from: isoDay(29),
  to: isoDay(0),
  tz: 'America/Chicago',
});

describe('LSA sync against the Google Ads API fake', () => {
  it('stores account days in cents, rounding micros half away from zero', async () => {
    const started = Date.now();
    peer.failNext(1, 429, '1'); // Google's Retry-After: one second
    const result = await app.vendorSync.runSync(f.connectionId, 'lsa-daily');
    expect(result.status).toBe('done');
    // The 429 was honoured: the retry waited the second Google asked for.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/account/metrics', range());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      leads: 3,
      chargedLeads: 2,
      phoneLeads: 2,
      messageLeads: 1,
      spendCents: 4513 + 3000,
      costPerLeadCents: Math.round(7513 / 2),
      freshness: { status: 'connected' },
    });
  });
});

describe('LSA routes', () => {
  let leads: LsaLead[] = [];
  beforeAll(async () => {
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/account/leads', {
      productId: f.productId,
    });
    leads = res.json().items;
  });
  const leadOf = (status: string) =>
    leads.find((l) => l.status === status && l.type === 'PHONE_CALL');

  it('lists leads newest first with masked contacts, filters and paging', async () => {
    expect(leads.map((l) => l.status)).toEqual(['ACTIVE', 'BOOKED', 'ACTIVE', 'BOOKED', 'EXPIRED']);
    expect(leads[0]).toMatchObject({
      consumerName: 'Maria G.',
      consumerPhone: '(•••) •••-0147',
      category: 'Plumber',
    });
    expect(leads[0]?.conversations[0]).toMatchObject({ hasRecording: true, callDurationMs: 10116 });
    const call = lsaCall(app, f.cookies.employee);
    const charged = await call.post('/api/lsa/account/leads', {
      productId: f.productId,
      charged: 'no',
      pageSize: 1,
    });
    expect(charged.json()).toMatchObject({ total: 2, pageSize: 1 });
    expect(charged.json().items).toHaveLength(1);
    const typed = await call.post('/api/lsa/account/leads', { ...range(), type: 'MESSAGE' });
    expect(typed.json().items.map((l: LsaLead) => l.type)).toEqual(['MESSAGE']);
  });

  it('reports every day of the range and the breakdowns', async () => {
    const report = await lsaCall(app, f.cookies.client).post(
      '/api/lsa/performance/report',
      range(),
    );
    expect(report.statusCode).toBe(200);
    const days = report.json().days;
    expect(days).toHaveLength(30);
    expect(days.find((d: { day: string }) => d.day === isoDay(2))).toMatchObject({
      leads: 1,
      chargedLeads: 1,
      spendCents: 4513,
    });
    const perf = await lsaCall(app, f.cookies.client).post('/api/lsa/account/performance', range());
    expect(perf.json()).toMatchObject({ disputed: 1, credited: 0 });
    expect(perf.json().byCategory).toEqual([{ category: 'Plumber', leads: 3 }]);
  });

  it('serves a recording as audio/mpeg, fetched once and then from our database', async () => {
    const good = leadOf('ACTIVE');
    const body = { productId: f.productId, leadId: good?.id };
    const first = await lsaCall(app, f.cookies.client).post('/api/lsa/calls/recording', body);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.rawPayload.equals(MP3)).toBe(true);
    const fetches = peer.requests.filter((r) => r.path === '/recordings/good.mp3').length;
    const second = await lsaCall(app, f.cookies.employee).post('/api/lsa/calls/recording', body);
    expect(second.rawPayload.equals(MP3)).toBe(true);
    expect(peer.requests.filter((r) => r.path === '/recordings/good.mp3').length).toBe(fetches);
  });

  it('refuses a recording that is not audio/mpeg with the SPEC message, storing nothing', async () => {
    const wrong = leads.find((l) => l.creditState === 'PENDING');
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/calls/recording', {
      productId: f.productId,
      leadId: wrong?.id,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(LSA_RECORDING_TYPE_ERROR);
    const conversationIds = wrong?.conversations.map((c) => c.id) ?? [];
    const stored = await app.database.db
      .select()
      .from(lsaRecordings)
      .where(and(eq(lsaRecordings.conversationId, conversationIds[0] ?? 0)));
    expect(stored).toEqual([]);
  });

  it('answers a gateway call for a recording with JSON that says to call it directly', async () => {
    const res = await lsaCall(app, f.cookies.client).viaGateway('/api/lsa/calls/recording', {
      productId: f.productId,
      leadId: leadOf('ACTIVE')?.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(
      /binary audio: request POST \/api\/lsa\/calls\/recording directly/,
    );
  });

  it("refuses another client's product id with 403 access denied, on every route", async () => {
    const routes = [
      'performance/report',
      'account/metrics',
      'account/performance',
      'account/leads',
    ];
    const attempts = [
      { cookie: f.cookies.stranger, productId: f.productId },
      { cookie: f.cookies.otherEmployee, productId: f.productId },
      { cookie: f.cookies.client, productId: f.otherProductId },
    ];
    for (const { cookie, productId } of attempts) {
      for (const route of routes) {
        for (const via of ['post', 'viaGateway'] as const) {
          const res = await lsaCall(app, cookie)[via](`/api/lsa/${route}`, {
            ...range(),
            productId,
          });
          expect(res.statusCode, `${via} ${route}`).toBe(403);
          expect(res.json().reason).toBe('access denied');
          expect(res.body).not.toContain('Maria');
        }
      }
      const recording = await lsaCall(app, cookie).post('/api/lsa/calls/recording', {
        productId,
        leadId: leadOf('ACTIVE')?.id,
      });
      expect(recording.statusCode).toBe(403);
      expect(recording.json().reason).toBe('access denied');
    }
  });

  it('refuses bad input with field errors', async () => {
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/account/metrics', {
      productId: f.productId,
      from: '2025-02-30',
      to: '2025-01-01',
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.length).toBeGreaterThan(0);
  });
});
