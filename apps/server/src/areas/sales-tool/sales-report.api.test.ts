import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { computeScanMetrics, salesReportPageCount } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgencyLogoFile } from '../../config/agency-brand';
import {
  clientCompanies,
  gridScanPoints,
  gridScans,
  salesContainers,
  salesRecommendations,
  users,
} from '../../kernel/db/schema';
import { loadLinkSecret, signLink } from '../../kernel/lib/signed-link';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { day, insertScan } from '../rank-history/scan-fixtures';
import { reportFilename } from './sales-report.service';

const BUSINESS = 'Riverside Plumbing & Drain';
const AGENCY = 'Bayside Marketing';
const KEYWORDS = ['plumber', 'water heater repair'];
const dir = mkdtempSync(path.join(tmpdir(), 'sales-report-'));
const logoFile = path.join(dir, 'logo.png');

async function pdfText(payload: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  try {
    const text = await parser.getText();
    return { pages: text.total, text: text.text };
  } finally {
    await parser.destroy();
  }
}

describe('prospect report routes', () => {
  let testApp: TestApp;
  let containerId = 0;
  let secret: Buffer;
  const cookies = { owner: '', other: '', admin: '', client: '' };

  beforeAll(async () => {
    await sharp({ create: { width: 240, height: 80, channels: 3, background: '#1f5fbf' } })
      .png()
      .toFile(logoFile);
    const logo = checkAgencyLogoFile(logoFile);
    if ('problem' in logo) throw new Error(logo.problem);
    testApp = await createTestApp({
      config: {
        agency: {
          name: AGENCY,
          email: 'hello@bayside.example',
          phone: null,
          logoFile: logo,
          primaryColor: '#123456',
          accentColor: '#abcdef',
        },
      },
    });
    const db = testApp.database.db;
    const [prospect, other] = await db
      .insert(clientCompanies)
      .values([
        {
          name: BUSINESS,
          label: 'Riverside',
          status: 'prospect',
          addressLine1: '1200 Congress Ave',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
          googlePlaceId: 'self-place',
        },
        { name: 'Other Client Dental', label: 'Other' },
      ])
      .returning();
    const [owner, otherEmployee, admin, client] = await db
      .insert(users)
      .values([
        { email: 'owner@report.test', firstName: 'Erin', lastName: 'Owner', perm: true },
        { email: 'other@report.test', firstName: 'Otto', lastName: 'Other', perm: true },
        { email: 'admin@report.test', firstName: 'Ada', lastName: 'Admin', admin: true },
        { email: 'client@report.test', firstName: 'Cli', lastName: 'Ent' },
      ])
      .returning();
    if (!prospect || !other || !owner || !otherEmployee || !admin || !client) {
      throw new Error('fixtures');
    }
    const [container] = await db
      .insert(salesContainers)
      .values({ companyId: prospect.id, ownerId: owner.id, name: BUSINESS, keywords: KEYWORDS })
      .returning();
    containerId = container?.id ?? 0;
    await db.insert(salesRecommendations).values([
      {
        containerId,
        position: 1,
        kind: 'weak-area',
        title: 'Win the south-east map pack',
        body: 'Ranks 1–3 only near the shop; Austin Pipe Pros holds the south-east.',
        evidence: ['ranks 1–3 at 2 of 9 points'],
      },
    ]);
    // Two grids of the prospect (an older one of the first keyword, superseded), and one of
    // another client whose competitor must never show in the prospect's report.
    await insertGrid(prospect.id, 'plumber', '2025-01-01', 'Stale Rival');
    await insertGrid(prospect.id, 'plumber', '2025-02-01', 'Austin Pipe Pros');
    await insertGrid(prospect.id, 'water heater repair', '2025-02-02', 'Lone Star Rooter');
    await insertGrid(other.id, 'dentist', '2025-02-01', 'Secret Dental Rival');
    cookies.owner = await sessionCookieOf(testApp.app, owner.id);
    cookies.other = await sessionCookieOf(testApp.app, otherEmployee.id);
    cookies.admin = await sessionCookieOf(testApp.app, admin.id);
    cookies.client = await sessionCookieOf(testApp.app, client.id);
    secret = await loadLinkSecret(db, null);
  });
  afterAll(() => testApp.app.close());

  /** A 3×3 grid: the prospect ranks 1 at the centre, 5 on the edges, absent at the corners. */
  async function insertGrid(companyId: number, keyword: string, on: string, rival: string) {
    const db = testApp.database.db;
    const points = Array.from({ length: 9 }, (_, i) =>
      i === 4
        ? { state: 'found' as const, rank: 1 }
        : i % 2 === 0
          ? { state: 'not_found' as const, rank: null }
          : { state: 'found' as const, rank: 5 },
    );
    const scanId = await insertScan(db, { companyId, keyword, createdAt: day(on), points });
    const metrics = computeScanMetrics(points.map((p, index) => ({ index, ...p })));
    await db.update(gridScans).set({ metrics }).where(eq(gridScans.id, scanId));
    for (const [index, point] of points.entries()) {
      const others = [rival, 'Second Shop', 'Third Shop', 'Fourth Shop'].map((name) => ({
        placeId: `p-${name}`,
        name,
      }));
      if (point.rank !== null)
        others.splice(point.rank - 1, 0, { placeId: 'self-place', name: BUSINESS });
      await db
        .update(gridScanPoints)
        .set({ results: others })
        .where(and(eq(gridScanPoints.scanId, scanId), eq(gridScanPoints.pointIndex, index)));
    }
    return scanId;
  }

  const share = (cookie: string, id = containerId, payload: object = { days: 7 }) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/sales/containers/${id}/report-link`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload,
    });
  const open = (token: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/public/prospect-report?token=${encodeURIComponent(token)}`,
    });
  const tokenOf = (url: string) => new URL(url, TEST_ORIGIN).searchParams.get('token') ?? '';
  const stage = async () => {
    const [row] = await testApp.database.db
      .select({ stage: salesContainers.stage })
      .from(salesContainers)
      .where(eq(salesContainers.id, containerId));
    return row?.stage;
  };

  it('shares a link that opens signed out, with this prospect only, and marks it shared', async () => {
    expect(await stage()).toBe('prospecting');
    const res = await share(cookies.owner);
    expect(res.statusCode).toBe(200);
    const link = res.json();
    expect(link.url).toMatch(/^http:\/\/localhost\/shared\/prospect-report\?token=[\w.-]+$/);
    expect(link.pdfUrl).toMatch(/^http:\/\/localhost\/api\/public\/prospect-report\.pdf\?token=/);
    expect(tokenOf(link.pdfUrl)).toBe(tokenOf(link.url));
    const days = (new Date(link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await stage()).toBe('shared');

    const view = await open(tokenOf(link.url));
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const report = view.json();
    expect(report.business).toMatchObject({
      name: BUSINESS,
      address: '1200 Congress Ave, Austin, TX 78701',
    });
    expect(report.brand).toMatchObject({
      name: AGENCY,
      logoUrl: '/api/public/agency-logo',
      primaryColor: '#123456',
      accentColor: '#abcdef',
    });
    expect(report.preparedBy).toBe('Erin Owner');
    expect(report.expiresAt).toBe(link.expiresAt);
    // The latest grid per keyword, in the employee's keyword order.
    expect(report.grids.map((g: { keyword: string }) => g.keyword)).toEqual(KEYWORDS);
    expect(report.grids[0].ranks).toEqual([null, 5, null, 5, 1, 5, null, 5, null]);
    expect(report.grids[0].metrics.top3).toBe(1);
    expect(report.grids[0].leaders[0].name).toBe('Austin Pipe Pros');
    const names = report.competitors.map((c: { name: string }) => c.name);
    expect(names).toContain('Austin Pipe Pros');
    expect(names).toContain('Lone Star Rooter');
    expect(names).not.toContain(BUSINESS);
    expect(report.recommendations).toEqual([
      {
        title: 'Win the south-east map pack',
        body: 'Ranks 1–3 only near the shop; Austin Pipe Pros holds the south-east.',
        kind: 'weak-area',
        evidence: ['ranks 1–3 at 2 of 9 points'],
      },
    ]);
    expect(report.pdfUrl).toBe(`/api/public/prospect-report.pdf?token=${tokenOf(link.url)}`);
    // Nothing of another client, of a superseded grid, nor any id.
    expect(view.body).not.toContain('Secret Dental Rival');
    expect(view.body).not.toContain('Other Client Dental');
    expect(view.body).not.toContain('Stale Rival');
    expect(view.body).not.toContain('companyId');
    expect(view.body).not.toContain('owner@report.test');
  });

  it('lets only the owner or an admin share: 404 for another employee or an unknown id', async () => {
    expect((await share(cookies.admin)).statusCode).toBe(200);
    expect((await share(cookies.other)).statusCode).toBe(404);
    expect((await share(cookies.owner, 999_999)).statusCode).toBe(404);
    expect((await share(cookies.client)).statusCode).toBe(403);
    const bad = await share(cookies.owner, containerId, { days: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A link lasts 7, 14, 30 days.');
  });

  it('refuses a tampered token (400), a token of another kind (400) and an expired one (410)', async () => {
    const token = tokenOf((await share(cookies.owner)).json().url);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await open(`${token.slice(0, -1)}${last}`);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toMatchObject({
      code: 'LINK_INVALID',
      message: 'This report link is not valid.',
    });
    const future = new Date(Date.now() + 86_400_000);
    const scanKind = await open(signLink(secret, 'scan', containerId, future));
    expect(scanKind.statusCode).toBe(400);
    expect(scanKind.json().error.code).toBe('LINK_INVALID');
    const expired = await open(
      signLink(secret, 'prospect-report', containerId, new Date(Date.now() - 1000)),
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'This report link has expired. Ask whoever sent it for a new one.',
    });
    expect((await open('nonsense')).statusCode).toBe(400);
    const none = await testApp.app.inject({ method: 'GET', url: '/api/public/prospect-report' });
    expect(none.statusCode).toBe(400);
    const pdfExpired = await testApp.app.inject({
      method: 'GET',
      url: `/api/public/prospect-report.pdf?token=${signLink(secret, 'prospect-report', containerId, new Date(Date.now() - 1000))}`,
    });
    expect(pdfExpired.statusCode).toBe(410);
    // A genuine link to a workspace that no longer exists.
    expect((await open(signLink(secret, 'prospect-report', 999_999, future))).statusCode).toBe(404);
  });

  it('the shared PDF parses, has a page per grid plus two, and names business, keywords and agency', async () => {
    const link = (await share(cookies.owner)).json();
    const res = await testApp.app.inject({
      method: 'GET',
      url: new URL(link.pdfUrl).pathname + new URL(link.pdfUrl).search,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="riverside-plumbing-drain-report.pdf"',
    );
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBe(salesReportPageCount(KEYWORDS.length));
    expect(text).toContain(BUSINESS);
    for (const keyword of KEYWORDS) expect(text).toContain(keyword);
    expect(text).toContain(AGENCY);
    expect(text).toContain('Austin Pipe Pros');
    expect(text).toContain('Win the south-east map pack');
    expect(text).not.toContain('Secret Dental Rival');
  });

  it('gives the owner and admins the PDF directly, and nobody else', async () => {
    const pdf = (cookie: string, id = containerId) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/sales/containers/${id}/report.pdf`,
        headers: { cookie },
      });
    const own = await pdf(cookies.owner);
    expect(own.statusCode).toBe(200);
    expect((await pdfText(own.rawPayload)).pages).toBe(salesReportPageCount(KEYWORDS.length));
    expect((await pdf(cookies.admin)).statusCode).toBe(200);
    expect((await pdf(cookies.other)).statusCode).toBe(404);
    expect((await pdf(cookies.owner, 999_999)).statusCode).toBe(404);
    expect((await pdf(cookies.client)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/sales/containers/${containerId}/report.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves the configured logo signed out, with a cache header', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/api/public/agency-logo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(240);
  });
});

describe('the agency logo without one configured', () => {
  it('answers 404 when no logo is configured', async () => {
    const { app } = await createTestApp();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/public/agency-logo' });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('report file names', () => {
  it('are header-safe ASCII made from the business name', () => {
    expect(reportFilename('Café "Zoë" & Sons, Ltd.')).toBe('cafe-zoe-sons-ltd-report.pdf');
    expect(reportFilename('東京')).toBe('prospect-report.pdf');
  });
});
