import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, gridScanPoints, users } from '../../kernel/db/schema';
import { loadLinkSecret, signLink, verifyLink } from '../../kernel/lib/signed-link';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { signAlertsLink, verifyAlertsLink } from '../alerts/alerts.links';
import { day, insertScan } from '../rank-history/scan-fixtures';

const secret = randomBytes(32);
const now = new Date('2025-03-01T12:00:00Z');
const inAWeek = new Date(now.getTime() + 7 * 86_400_000);

describe('signed links by kind', () => {
  it('round-trips a scan link and refuses it as an alerts link, and the other way round', () => {
    const scanToken = signLink(secret, 'scan', 42, inAWeek);
    expect(verifyLink(secret, 'scan', scanToken, now)).toEqual({
      ok: true,
      subjectId: 42,
      expiresAt: inAWeek,
    });
    expect(verifyLink(secret, 'alerts', scanToken, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAlertsLink(secret, scanToken, now).ok).toBe(false);
    const alertsToken = signAlertsLink(secret, 42, inAWeek);
    expect(verifyLink(secret, 'scan', alertsToken, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAlertsLink(secret, alertsToken, now).ok).toBe(true);
  });

  it('still reads a version-1 alerts token (made before kinds), as alerts only', () => {
    const payload = Buffer.from(
      JSON.stringify({ v: 1, c: 42, e: Math.floor(inAWeek.getTime() / 1000) }),
    ).toString('base64url');
    const sig = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(verifyAlertsLink(secret, `${payload}.${sig}`, now)).toMatchObject({ companyId: 42 });
    expect(verifyLink(secret, 'scan', `${payload}.${sig}`, now).ok).toBe(false);
  });

  it('refuses a tampered token and says expired only for a genuine one', () => {
    const token = signLink(secret, 'scan', 42, inAWeek);
    const [payload = '', signature = ''] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ v: 2, k: 'scan', s: 43, e: Math.floor(inAWeek.getTime() / 1000) }),
    ).toString('base64url');
    expect(verifyLink(secret, 'scan', `${other}.${signature}`, now).ok).toBe(false);
    // Another last character (never the same one, which would leave the token intact).
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${payload}.${signature.slice(0, -1)}${last}`;
    expect(verifyLink(secret, 'scan', tampered, now).ok).toBe(false);
    expect(verifyLink(secret, 'scan', token, inAWeek)).toEqual({ ok: false, reason: 'expired' });
    const forged = signLink(randomBytes(32), 'scan', 42, now);
    expect(verifyLink(secret, 'scan', forged, inAWeek)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('scan share routes', () => {
  let testApp: TestApp;
  let ownCookie = '';
  let otherCookie = '';
  let scanId = 0;
  let foreignScanId = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const [own, other] = await db
      .insert(clientCompanies)
      .values([
        { name: 'Share Plumbing', label: 'Share' },
        { name: 'Other Dental', label: 'Other' },
      ])
      .returning();
    const [owner, stranger] = await db
      .insert(users)
      .values([
        { email: 'owner@share.test', firstName: 'O', lastName: 'W' },
        { email: 'stranger@share.test', firstName: 'S', lastName: 'T' },
      ])
      .returning();
    if (!own || !other || !owner || !stranger) throw new Error('fixtures');
    await db.insert(clientMembers).values([
      { userId: owner.id, companyId: own.id },
      { userId: stranger.id, companyId: other.id },
    ]);
    const points = Array.from({ length: 9 }, (_, i) =>
      i % 3 === 0
        ? { state: 'not_found' as const, rank: null }
        : { state: 'found' as const, rank: i },
    );
    scanId = await insertScan(db, {
      companyId: own.id,
      keyword: 'plumber',
      createdAt: day('2025-02-01'),
      points,
    });
    foreignScanId = await insertScan(db, {
      companyId: other.id,
      keyword: 'dentist',
      createdAt: day('2025-02-01'),
      points,
    });
    // Five results at every point: the shared view must keep only the first three names.
    await db
      .update(gridScanPoints)
      .set({
        results: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ placeId: `p-${name}`, name })),
      })
      .where(eq(gridScanPoints.scanId, scanId));
    ownCookie = await sessionCookieOf(testApp.app, owner.id);
    otherCookie = await sessionCookieOf(testApp.app, stranger.id);
  });
  afterAll(() => testApp.app.close());

  const share = (id: number, cookie: string, payload: object = { days: 1 }) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/localrank/share/${id}`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload,
    });
  const open = (token: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/public/scan?token=${token}` });

  it('makes a link for an own scan and opens it signed out, with that scan only', async () => {
    const res = await share(scanId, ownCookie);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^http:\/\/localhost\/shared\/scan\?token=/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(86_000_000);
    const token = new URL(url).searchParams.get('token') ?? '';
    const view = await open(token);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const body = view.json();
    expect(body.company).toEqual({ name: 'Share Plumbing' });
    expect(body.keyword).toBe('plumber');
    expect(body.points).toHaveLength(9);
    expect(body.points[1]).toMatchObject({
      index: 1,
      state: 'found',
      rank: 1,
      top: ['A', 'B', 'C'],
    });
    // No ids, no place ids, no full result lists; nothing of the other company.
    expect(view.body).not.toContain('p-A');
    expect(view.body).not.toContain('"results"');
    expect(view.body).not.toContain('companyId');
    expect(view.body).not.toContain('Other Dental');
    expect(body.competitors[0]).toMatchObject({ name: 'Rival One' });
    expect(body.competitors[0].placeId).toBeUndefined();
  });

  it('answers 404 for a scan of another company and for an unknown scan', async () => {
    expect((await share(foreignScanId, ownCookie)).statusCode).toBe(404);
    expect((await share(scanId, otherCookie)).statusCode).toBe(404);
    expect((await share(999_999, ownCookie)).statusCode).toBe(404);
  });

  it('refuses an expiry other than 1, 7 or 30 days per field', async () => {
    const res = await share(scanId, ownCookie, { days: 3 });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('days');
  });

  it('answers 400 LINK_INVALID for a bad or alerts token and 410 LINK_EXPIRED when expired', async () => {
    expect((await open('nonsense')).json().error.code).toBe('LINK_INVALID');
    expect((await open('nonsense')).statusCode).toBe(400);
    const noToken = await testApp.app.inject({ method: 'GET', url: '/api/public/scan' });
    expect(noToken.statusCode).toBe(400);
    // An alerts link of the same company, made with the real secret, opens no scan.
    const alerts = await testApp.app.inject({
      method: 'POST',
      url: `/api/alerts/${await companyOf(scanId)}/share-link`,
      headers: { cookie: ownCookie, origin: TEST_ORIGIN },
      payload: { days: 1 },
    });
    const alertsToken = new URL(alerts.json().url).searchParams.get('token') ?? '';
    expect((await open(alertsToken)).statusCode).toBe(400);
    const realSecret = await secretOf();
    const expired = signLink(realSecret, 'scan', scanId, new Date(Date.now() - 1000));
    const gone = await open(expired);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe('LINK_EXPIRED');
  });

  async function companyOf(id: number) {
    const scan = await testApp.app.areas['rank-grid'].rankGrid.repo.scan(id);
    return scan?.companyId ?? 0;
  }
  // The installation's own secret (kept in app_settings), as the routes loaded it.
  const secretOf = () => loadLinkSecret(testApp.database.db, null);
});
