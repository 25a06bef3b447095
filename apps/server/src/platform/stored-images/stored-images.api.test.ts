import exifr from 'exifr';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, users } from '../../kernel/db/schema';
import { createTestApp, sessionCookieOf, testConfig } from '../../test/test-app';
import { jpegWithGps } from './stored-images.test-image';

let app: FastifyInstance;
let companyId = 0;
let otherCompanyId = 0;
let cookie = '';
let strangerCookie = '';

beforeAll(async () => {
  ({ app } = await createTestApp({
    config: { publicUrl: 'https://pinpoint.example', linkSecret: testConfig().linkSecret },
  }));
  const db = app.database.db;
  const companies = await db
    .insert(clientCompanies)
    .values([
      { name: 'Upload Bakery', label: 'upload-bakery' },
      { name: 'Other Bakery', label: 'other-bakery' },
    ])
    .returning();
  companyId = companies[0]?.id ?? 0;
  otherCompanyId = companies[1]?.id ?? 0;
  const people = await db
    .insert(users)
    .values([
      { email: 'owner@upload.test', firstName: 'Olive', lastName: 'Owner' },
      { email: 'stranger@upload.test', firstName: 'Stan', lastName: 'Stranger' },
    ])
    .returning();
  await db.insert(clientMembers).values([
    { userId: people[0]?.id ?? 0, companyId },
    { userId: people[1]?.id ?? 0, companyId: otherCompanyId },
  ]);
  cookie = await sessionCookieOf(app, people[0]?.id ?? 0);
  strangerCookie = await sessionCookieOf(app, people[1]?.id ?? 0);
});
afterAll(async () => {
  await app.close();
});

const upload = (bytes: Buffer, contentType = 'image/jpeg', as = cookie, company = companyId) =>
  app.inject({
    method: 'POST',
    url: `/api/uni/client/${company}/images`,
    headers: { cookie: as, origin: 'http://localhost' },
    payload: { fileName: 'photo.jpg', contentType, dataBase64: bytes.toString('base64') },
  });

describe('stored images', () => {
  it('stores an upload without its GPS position or camera data, measured, typed by its bytes', async () => {
    const original = await jpegWithGps(120, 80);
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.any(Number) });
    const res = await upload(original);
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ width: 120, height: 80, contentType: 'image/jpeg' });
    const stored = await app.inject({ method: 'GET', url: image.url, headers: { cookie } });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(await exifr.gps(stored.rawPayload)).toBeUndefined();
    expect(await exifr.parse(stored.rawPayload)).toBeUndefined();
    // The same picture again is the same stored image.
    expect((await upload(original)).json().id).toBe(image.id);
    // A PNG claimed as a JPEG is stored as the PNG it is.
    const png = await sharp({ create: { width: 5, height: 7, channels: 4, background: '#0f0' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'image/jpeg')).json()).toMatchObject({
      contentType: 'image/png',
      width: 5,
      height: 7,
    });
  });

  it('refuses what is not an image, an SVG, an empty file and more than 10 MB, saying why', async () => {
    const text = await upload(Buffer.from('hello, not a picture'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/not an image/);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect([400, 415]).toContain(svg.statusCode);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/10 MB/);
  });

  it("keeps a company's images to its own people; vendors get a signed link", async () => {
    const image = (await upload(await jpegWithGps())).json();
    const stranger = await app.inject({
      method: 'GET',
      url: image.url,
      headers: { cookie: strangerCookie },
    });
    expect(stranger.statusCode).toBe(403);
    // Another company's id with this image's id: not found, whoever asks.
    const wrong = await app.inject({
      method: 'GET',
      url: `/api/uni/client/${otherCompanyId}/images/${image.id}`,
      headers: { cookie: strangerCookie },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await upload(await jpegWithGps(), 'image/jpeg', strangerCookie)).statusCode).toBe(403);

    const link = app.storedImages.publicUrl(image.id);
    expect(link.startsWith('https://pinpoint.example/api/public/images/')).toBe(true);
    const path = new URL(link).pathname;
    const fetched = await app.inject({ method: 'GET', url: path });
    expect(fetched.statusCode).toBe(200);
    expect(await exifr.gps(fetched.rawPayload)).toBeUndefined();
    const forged = await app.inject({ method: 'GET', url: `${path.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
  });
});
