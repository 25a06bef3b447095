import { describe, expect, it } from 'vitest';
import { measureHtml, responseBucketMs, scoreFacts } from './demo-scoring';
import { createPageSpeedDemo } from './page-speed-demo';

const GOOD = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbor Roofing</title><meta name="description" content="Roof repair in Austin">
<link rel="stylesheet" href="/a.css"></head>
<body><h1>Harbor Roofing</h1><img src="/a.jpg" alt="A roof" width="400" height="300">
<script src="/app.js" defer></script></body></html>`;

const POOR = `<html><head><title></title>
<link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css"><link rel="stylesheet" href="/c.css">
<script src="/jquery.js"></script><script src="/slider.js"></script><script src="/chat.js"></script></head>
<body>${'<img src="/x.jpg">'.repeat(12)}<script>track()</script><script>more()</script></body></html>`;

const answer = (html: string, responseMs = 180, https = true) => ({
  bytes: Buffer.byteLength(html),
  statusCode: 200,
  https,
  responseMs,
});

describe('demo page-speed scoring', () => {
  it('counts what the HTML carries', () => {
    const facts = measureHtml(POOR, answer(POOR));
    expect(facts).toMatchObject({
      blockingScripts: 3,
      otherScripts: 2,
      stylesheets: 3,
      images: 12,
      imagesWithoutAlt: 12,
      imagesWithoutSize: 12,
      hasViewport: false,
      hasTitle: false,
      hasDescription: false,
      hasLang: false,
      hasH1: false,
      hasDoctype: false,
    });
    const good = measureHtml(GOOD, answer(GOOD));
    expect(good).toMatchObject({
      blockingScripts: 0,
      otherScripts: 1,
      imagesWithoutAlt: 0,
      imagesWithoutSize: 0,
      hasViewport: true,
      hasTitle: true,
      hasDescription: true,
      hasLang: true,
      hasDoctype: true,
      hasCharset: true,
    });
  });

  it('is deterministic: the same page in the same response bucket scores the same', () => {
    const a = scoreFacts(measureHtml(POOR, answer(POOR, 610)), 'mobile');
    const b = scoreFacts(measureHtml(POOR, answer(POOR, 940)), 'mobile');
    expect(responseBucketMs(610)).toBe(responseBucketMs(940));
    expect(b).toEqual(a);
    expect(scoreFacts(measureHtml(GOOD, answer(GOOD)), 'desktop')).toEqual(
      scoreFacts(measureHtml(GOOD, answer(GOOD)), 'desktop'),
    );
  });

  it('scores a lean, well-marked page high and a heavy, unlabelled one low; mobile below desktop', () => {
    const good = scoreFacts(measureHtml(GOOD, answer(GOOD)), 'desktop');
    expect(good.scores).toEqual({
      performance: 100,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
    });
    expect(good.vitals.lcp?.rating).toBe('good');
    expect(good.vitals.inp).toBeNull();

    const poorDesktop = scoreFacts(measureHtml(POOR, answer(POOR, 1500, false)), 'desktop');
    const poorMobile = scoreFacts(measureHtml(POOR, answer(POOR, 1500, false)), 'mobile');
    expect(poorDesktop.scores.accessibility).toBeLessThan(50);
    expect(poorDesktop.scores.seo).toBeLessThan(60);
    // Plain http (15), no doctype (10), no charset (5).
    expect(poorDesktop.scores.bestPractices).toBe(70);
    expect(poorMobile.scores.performance).toBeLessThan(poorDesktop.scores.performance);
    expect(poorMobile.scores.seo).toBeLessThan(poorDesktop.scores.seo);
    expect(poorMobile.vitals.lcp?.value).toBeGreaterThan(poorDesktop.vitals.lcp?.value ?? 0);
    expect(poorMobile.vitals.cls).toEqual({ value: 0.6, rating: 'poor', source: 'lab' });
    for (const s of Object.values(poorMobile.scores)) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(100);
    }
  });

  it('the demo provider scores the page it fetched, and names why it could not', async () => {
    const provider = createPageSpeedDemo({
      fetchPage: async (target) => {
        if (target.url.includes('down')) throw new Error('boom');
        return { html: GOOD, ...answer(GOOD) };
      },
    });
    const result = await provider.run({ url: 'https://a.example/', ownDemoSite: false }, 'mobile');
    expect(result.scores.seo).toBe(100);
    await expect(
      provider.run({ url: 'https://down.example/', ownDemoSite: false }, 'mobile'),
    ).rejects.toMatchObject({ code: 'unavailable' });
  });
});
