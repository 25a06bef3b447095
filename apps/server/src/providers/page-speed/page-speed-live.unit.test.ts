import {
  PAGESPEED_PEER_KEY,
  type RunningPageSpeedPeer,
  startPageSpeedPeer,
} from '@pinpoint/fake-vendors/pagespeed-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import { createPageSpeedLive } from './page-speed-live';

let peer: RunningPageSpeedPeer;
const calls: boolean[] = [];
const live = (apiKey = PAGESPEED_PEER_KEY) =>
  createPageSpeedLive({
    baseUrl: peer.base,
    apiKey,
    timeoutMs: 5_000,
    recordCall: async (_vendor, ok) => {
      calls.push(ok);
    },
  });
const SITE = 'https://harbor-roofing.example/';
const target = { url: SITE, ownDemoSite: false };

beforeAll(async () => {
  peer = await startPageSpeedPeer();
  peer.setPage(SITE, 'MOBILE', {
    scores: { performance: 0.47, accessibility: 0.91, 'best-practices': 0.78, seo: 0.925 },
    field: {
      LARGEST_CONTENTFUL_PAINT_MS: { percentile: 3100, category: 'AVERAGE' },
      INTERACTION_TO_NEXT_PAINT: { percentile: 140, category: 'FAST' },
      CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 31, category: 'SLOW' },
    },
    lab: { lcpMs: 5200.4, cls: 0.28, tbtMs: 640.2 },
  });
  peer.setPage(SITE, 'DESKTOP', {
    scores: { performance: 0.96, accessibility: 0.91, 'best-practices': 0.78, seo: 0.92 },
    lab: { lcpMs: 1100.7, cls: 0.0123, tbtMs: 30 },
  });
});
afterAll(() => peer.close());

describe('PageSpeed Insights v5 live adapter', () => {
  it('asks runPagespeed with url, the four categories and the strategy, and reads the scores', async () => {
    const result = await live().run(target, 'mobile');
    expect(peer.requests.at(-1)).toEqual({
      url: SITE,
      strategy: 'MOBILE',
      categories: ['PERFORMANCE', 'ACCESSIBILITY', 'BEST_PRACTICES', 'SEO'],
      key: PAGESPEED_PEER_KEY,
    });
    expect(result.scores).toEqual({
      performance: 47,
      accessibility: 91,
      bestPractices: 78,
      seo: 93,
    });
    // Field data (CrUX) first, with Google's categories; CLS comes × 100.
    expect(result.vitals.lcp).toEqual({
      value: 3100,
      rating: 'needs-improvement',
      source: 'field',
    });
    expect(result.vitals.inp).toEqual({ value: 140, rating: 'good', source: 'field' });
    expect(result.vitals.cls).toEqual({ value: 0.31, rating: 'poor', source: 'field' });
    expect(result.vitals.tbt).toEqual({ value: 640, rating: 'poor', source: 'lab' });
    expect(calls.at(-1)).toBe(true);
  });

  it('falls back to the lab audits without field data', async () => {
    const result = await live().run(target, 'desktop');
    expect(peer.requests.at(-1)?.strategy).toBe('DESKTOP');
    expect(result.scores.performance).toBe(96);
    expect(result.vitals).toEqual({
      lcp: { value: 1101, rating: 'good', source: 'lab' },
      inp: null,
      cls: { value: 0.012, rating: 'good', source: 'lab' },
      tbt: { value: 30, rating: 'good', source: 'lab' },
    });
  });

  it('maps Google’s errors: a page Lighthouse cannot load, the quota, an outage; never repeats the key', async () => {
    peer.failNext(1, 400);
    const invalid = await live()
      .run(target, 'mobile')
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(VendorError);
    expect(invalid).toMatchObject({ code: 'invalid', status: 400 });
    expect((invalid as Error).message).toContain('FAILED_DOCUMENT_REQUEST');

    peer.failNext(1, 429);
    await expect(live().run(target, 'mobile')).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 1000,
    });
    peer.failNext(1, 500);
    const outage = await live()
      .run(target, 'mobile')
      .catch((e: unknown) => e);
    expect(outage).toMatchObject({ code: 'unavailable', retryable: true });
    expect(calls.at(-1)).toBe(false);

    const wrongKey = await live('psi-wrong-key-000')
      .run(target, 'mobile')
      .catch((e: unknown) => e);
    expect(wrongKey).toMatchObject({ code: 'invalid' });
    expect((wrongKey as Error).message).not.toContain('psi-wrong-key-000');
    expect((wrongKey as Error).message).toContain('[redacted]');
  });

  it('treats an answer without Lighthouse categories as the vendor misbehaving', async () => {
    const result = await createPageSpeedLive({
      baseUrl: 'http://unused.invalid',
      timeoutMs: 1000,
      recordCall: async () => {},
      fetchImpl: async () => new Response(JSON.stringify({ id: SITE }), { status: 200 }),
    })
      .run(target, 'mobile')
      .catch((e: unknown) => e);
    expect(result).toMatchObject({ code: 'unavailable' });
  });
});
