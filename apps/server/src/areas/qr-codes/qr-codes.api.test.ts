import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes, qrScans } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  ANDROID_UA,
  DESKTOP_UA,
  IPHONE_UA,
  type QrFixture,
  qrCall,
  qrFixture,
  scan,
} from './qr-codes.test-setup';
import { parseScanAgent } from './qr-user-agent';

let t: TestApp;
let f: QrFixture;
const url = (productId: number, rest = '') => `/api/uni/products/qrcodes/${productId}${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await qrFixture(t.app);
});
afterAll(async () => {
  await t.app.close();
});

async function create(name: string, targetUrl: string, cookie = f.cookies.client) {
  const res = await qrCall(t.app, cookie).post(url(f.productId), { name, targetUrl });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string; redirectUrl: string; targetUrl: string };
}

describe('creating QR codes', () => {
  it('refuses targets that are not plain http(s) addresses, field by field', async () => {
    const call = qrCall(t.app, f.cookies.client);
    const cases: [object, string, RegExp][] = [
      [{ name: 'A', targetUrl: 'javascript:alert(1)' }, 'targetUrl', /Only web addresses/],
      [{ name: 'A', targetUrl: 'ftp://example.com/file' }, 'targetUrl', /Only web addresses/],
      [
        { name: 'A', targetUrl: 'https://user:pw@example.com/' },
        'targetUrl',
        /user name or password/,
      ],
      [
        { name: 'A', targetUrl: `https://example.com/${'a'.repeat(2100)}` },
        'targetUrl',
        /too long/,
      ],
      [{ name: 'A', targetUrl: 'example.com' }, 'targetUrl', /full web address/],
      [{ name: '  ', targetUrl: 'https://example.com' }, 'name', /Give the code a name/],
      [
        { name: 'Loop', targetUrl: 'http://localhost/q/abcdefghij' },
        'targetUrl',
        /another QR code/,
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await call.post(url(f.productId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const details = res.json().error.details as { path: string; message: string }[];
      expect(details.find((d) => d.path === `body.${path}`)?.message).toMatch(message);
    }
  });

  it('creates a code with a short random redirect, for the client and for staff', async () => {
    const mine = await create('Window sticker', 'https://bakery.example/menu');
    expect(mine.code).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(mine.redirectUrl).toBe(`http://localhost/q/${mine.code}`);
    const staff = await create('Flyer', 'https://bakery.example/offer', f.cookies.employee);
    expect(staff.code).not.toBe(mine.code);
    const list = await qrCall(t.app, f.cookies.client).viaGateway('GET', url(f.productId));
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { name: string }) => c.name)).toEqual([
      'Flyer',
      'Window sticker',
    ]);
  });

  it('keeps other companies out', async () => {
    const stranger = qrCall(t.app, f.cookies.stranger);
    expect((await stranger.get(url(f.productId))).statusCode).toBe(403);
    expect(
      (await stranger.post(url(f.productId), { name: 'X', targetUrl: 'https://x.test' }))
        .statusCode,
    ).toBe(403);
    const code = await create('Private', 'https://bakery.example/private');
    // Another company's product with our code's id: not found there.
    const other = qrCall(t.app, f.cookies.otherEmployee);
    expect((await other.get(url(f.otherProductId, `/${code.id}`))).statusCode).toBe(404);
    expect((await other.get(url(f.productId, `/${code.id}/image/png`))).statusCode).toBe(403);
  });
});

describe('the redirect', () => {
  it('records the scan with OS, browser and device, then sends the phone on (302)', async () => {
    const code = await create('Menu', 'https://bakery.example/menu?from=qr');
    const res = await scan(t.app, code.code, IPHONE_UA);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://bakery.example/menu?from=qr');
    expect(res.headers['cache-control']).toBe('no-store');
    await t.app.areas['qr-codes'].qrScans.flush();
    const rows = await t.app.database.db
      .select()
      .from(qrScans)
      .where(eq(qrScans.qrCodeId, code.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      os: 'iOS',
      browser: 'Mobile Safari',
      deviceType: 'mobile',
      city: null,
    });
    expect(rows[0]?.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });

  it('follows an edited target without a new code', async () => {
    const code = await create('Offer', 'https://bakery.example/spring');
    const edit = await qrCall(t.app, f.cookies.employee).put(url(f.productId, `/${code.id}`), {
      targetUrl: 'https://bakery.example/summer',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().code).toBe(code.code);
    expect((await scan(t.app, code.code, ANDROID_UA)).headers.location).toBe(
      'https://bakery.example/summer',
    );
  });

  it('answers 404 pages for unknown, malformed and archived codes', async () => {
    const code = await create('Old', 'https://bakery.example/old');
    for (const path of ['ZZZZZZZZZZ', 'short', 'a.b%2F..%2Fc', '%00']) {
      const res = await scan(t.app, path, IPHONE_UA);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers.location).toBeUndefined();
    }
    const archive = await qrCall(t.app, f.cookies.client).post(
      url(f.productId, `/${code.id}/archive`),
    );
    expect(archive.json().status).toBe('archived');
    const res = await scan(t.app, code.code, IPHONE_UA);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This QR code is not active');
    await qrCall(t.app, f.cookies.client).post(url(f.productId, `/${code.id}/restore`));
    expect((await scan(t.app, code.code, IPHONE_UA)).statusCode).toBe(302);
  });

  it('refuses a javascript: target forced into the table (checked again at redirect)', async () => {
    const forced = [
      'javascript:alert(document.cookie)',
      'data:text/html,hi',
      'https://u:p@evil.test/',
    ];
    for (const [i, targetUrl] of forced.entries()) {
      await t.app.database.db.insert(qrCodes).values({
        companyId: f.companyId,
        productInstanceId: f.productId,
        name: `Forced ${i}`,
        targetUrl,
        code: `forcedJS_${i}`,
      });
      const res = await scan(t.app, `forcedJS_${i}`, IPHONE_UA);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('counts unique visitors per day by address and browser, without storing the address', async () => {
    const code = await create('Counter', 'https://bakery.example/count');
    await scan(t.app, code.code, IPHONE_UA, '198.51.100.1');
    await scan(t.app, code.code, IPHONE_UA, '198.51.100.1');
    await scan(t.app, code.code, ANDROID_UA, '198.51.100.1');
    await scan(t.app, code.code, IPHONE_UA, '198.51.100.2');
    await scan(t.app, code.code, DESKTOP_UA, '198.51.100.3');
    await t.app.areas['qr-codes'].qrScans.flush();
    const today = new Date().toISOString().slice(0, 10);
    const res = await qrCall(t.app, f.cookies.client).post(url(f.productId, '/analytics'), {
      from: today,
      to: today,
      source: 'ours',
      codeId: code.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ scans: 5, visitors: 4 });
    expect(body.os).toEqual([
      { label: 'iOS', scans: 3 },
      { label: 'Android', scans: 1 },
      { label: 'Windows', scans: 1 },
    ]);
    expect(body.devices).toEqual([
      { label: 'mobile', scans: 4 },
      { label: 'desktop', scans: 1 },
    ]);
    expect(body.days).toEqual([{ day: today, scans: 5, visitors: 4 }]);
  });
});

describe('parseScanAgent', () => {
  it('names the OS, browser and device of common phones and desktops', () => {
    expect(parseScanAgent(IPHONE_UA)).toEqual({
      os: 'iOS',
      browser: 'Mobile Safari',
      deviceType: 'mobile',
    });
    expect(parseScanAgent(ANDROID_UA)).toEqual({
      os: 'Android',
      browser: 'Chrome',
      deviceType: 'mobile',
    });
    expect(parseScanAgent(DESKTOP_UA)).toEqual({
      os: 'Windows',
      browser: 'Chrome',
      deviceType: 'desktop',
    });
    expect(parseScanAgent('')).toEqual({ os: 'Unknown', browser: 'Unknown', deviceType: 'other' });
    expect(parseScanAgent('curl/8.5.0').os).toBe('Unknown');
  });
});

describe('QR images', () => {
  it('serves PNG and SVG of the redirect URL directly, not through the gateway', async () => {
    const code = await create('Card', 'https://bakery.example/card');
    const call = qrCall(t.app, f.cookies.employee);
    const png = await call.get(url(f.productId, `/${code.id}/image/png`));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="qr-Card.png"');
    const image = PNG.sync.read(png.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(code.redirectUrl);
    const svg = await call.get(url(f.productId, `/${code.id}/image/svg`));
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg/);
    expect((await call.get(url(f.productId, `/${code.id}/image/gif`))).statusCode).toBe(400);
    const viaGateway = await call.viaGateway('GET', url(f.productId, `/${code.id}/image/png`));
    expect(viaGateway.statusCode).toBe(400);
  });

  it('deletes a code with its scans', async () => {
    const code = await create('Gone', 'https://bakery.example/gone');
    await scan(t.app, code.code, IPHONE_UA);
    await t.app.areas['qr-codes'].qrScans.flush();
    const res = await qrCall(t.app, f.cookies.client).post(url(f.productId, `/${code.id}/delete`));
    expect(res.json()).toEqual({ deleted: true });
    expect((await scan(t.app, code.code, IPHONE_UA)).statusCode).toBe(404);
    const left = await t.app.database.db
      .select()
      .from(qrScans)
      .where(eq(qrScans.qrCodeId, code.id));
    expect(left).toHaveLength(0);
  });
});
