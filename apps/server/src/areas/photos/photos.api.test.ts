import {
  GBP_MEDIA_PEER_TOKEN,
  type RunningGbpMediaPeer,
  startGbpMediaPeer,
} from '@pinpoint/fake-vendors/gbp-media-peer';
import exifr from 'exifr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithGps } from '../../platform/stored-images/stored-images.test-image';
import { createTestApp, testConfig } from '../../test/test-app';
import { reviewsFixture } from '../reviews/reviews.test-setup';

let app: FastifyInstance;
let peer: RunningGbpMediaPeer;

beforeAll(async () => {
  peer = await startGbpMediaPeer();
  const base = testConfig();
  ({ app } = await createTestApp({
    config: {
      publicUrl: 'https://pinpoint.example',
      vendors: {
        ...base.vendors,
        googleBusinessProfile: { mode: 'live', baseUrl: peer.base, timeoutMs: 5_000 },
      },
      vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 2_000, retries: 0 },
    },
  }));
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://localhost' },
    payload: payload as object,
  });

describe('Business Profile photos against the media API (local fake)', () => {
  it('syncs the gallery, uploads a photo without its GPS tag, and deletes one, through the outbox', async () => {
    const account = 'accounts/31/locations/3101';
    peer.items.set(
      account,
      Array.from({ length: 130 }, (_, i) => ({
        name: `${account}/media/old${i}`,
        mediaFormat: 'PHOTO' as const,
        locationAssociation: { category: i % 2 ? 'EXTERIOR' : 'TEAM' },
        googleUrl: `https://lh3.googleusercontent.com/p/old${i}`,
        thumbnailUrl: `https://lh3.googleusercontent.com/p/old${i}=s256`,
        createTime: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString(),
        dimensions: { widthPixels: 1200, heightPixels: 900 },
        insights: { viewCount: String(i * 10) },
      })),
    );
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_MEDIA_PEER_TOKEN);
    const run = await app.vendorSync.runSync(f.connectionId, 'photos');
    expect(run).toMatchObject({ status: 'done', itemsWritten: 130 });
    expect((await app.vendorSync.runSync(f.connectionId, 'photos')).itemsWritten).toBe(0);

    const list = await call(
      f.cookies.client,
      'GET',
      `/api/uni/products/googlephotos/${f.productId}?category=TEAM&pageSize=10`,
    );
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBe(65);
    expect(body.categoryCounts).toEqual({ TEAM: 65, EXTERIOR: 65 });
    expect(body.items[0]).toMatchObject({ category: 'TEAM', views: 1280 });
    expect(body.items[0].thumbnailUrl).toBe(
      `/api/main/image/proxy?url=${encodeURIComponent('https://lh3.googleusercontent.com/p/old128=s256')}`,
    );
    // Another company's people see nothing of it.
    expect(
      (await call(f.cookies.stranger, 'GET', `/api/uni/products/googlephotos/${f.productId}`))
        .statusCode,
    ).toBe(403);

    const upload = await call(
      f.cookies.client,
      'POST',
      `/api/uni/products/googlephotos/${f.productId}/upload`,
      {
        category: 'INTERIOR',
        description: 'Our new waiting room',
        fileName: 'room.jpg',
        contentType: 'image/jpeg',
        dataBase64: (await jpegWithGps(200, 150)).toString('base64'),
        idempotencyKey: 'photo-upload-1',
      },
    );
    expect(upload.statusCode).toBe(202);
    const photo = upload.json();
    expect(photo).toMatchObject({ state: 'uploading', width: 200, height: 150 });
    const stored = await app.inject({
      method: 'GET',
      url: photo.imageUrl,
      headers: { cookie: f.cookies.client },
    });
    expect(await exifr.gps(stored.rawPayload)).toBeUndefined();

    const [write] = await app.database.db.query.outbox.findMany({
      where: (o, { and, eq }) => and(eq(o.subjectType, 'photo'), eq(o.subjectId, photo.id)),
    });
    await app.vendorSync.sendNow(write?.id ?? 0);
    // Google was sent our signed link to fetch the picture from, and the category.
    expect(peer.created.at(-1)).toMatchObject({
      mediaFormat: 'PHOTO',
      locationAssociation: { category: 'INTERIOR' },
      sourceUrl: expect.stringMatching(/^https:\/\/pinpoint\.example\/api\/public\/images\//),
    });
    const after = await call(
      f.cookies.client,
      'GET',
      `/api/uni/products/googlephotos/${f.productId}?category=INTERIOR`,
    );
    expect(after.json().items[0]).toMatchObject({ id: photo.id, state: 'live' });

    const removal = await call(
      f.cookies.client,
      'POST',
      `/api/uni/products/googlephotos/${f.productId}/${photo.id}/delete`,
      {
        idempotencyKey: 'photo-delete-1',
      },
    );
    expect(removal.json()).toMatchObject({ state: 'deleting' });
    const [del] = await app.database.db.query.outbox.findMany({
      where: (o, { and, eq }) => and(eq(o.subjectType, 'photo'), eq(o.kind, 'photo.delete')),
    });
    await app.vendorSync.sendNow(del?.id ?? 0);
    expect(peer.deleted.at(-1)).toBe(`${account}/media/m131`);
    expect(
      (
        await call(
          f.cookies.client,
          'GET',
          `/api/uni/products/googlephotos/${f.productId}?category=INTERIOR`,
        )
      ).json().total,
    ).toBe(0);
  });

  it('shows a refused upload as failed, with the reason Google gave', async () => {
    const account = 'accounts/32/locations/3201';
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_MEDIA_PEER_TOKEN);
    const upload = await call(
      f.cookies.client,
      'POST',
      `/api/uni/products/googlephotos/${f.productId}/upload`,
      {
        category: 'EXTERIOR',
        fileName: 'front.jpg',
        contentType: 'image/jpeg',
        dataBase64: (await jpegWithGps()).toString('base64'),
        idempotencyKey: 'photo-upload-2',
      },
    );
    const photo = upload.json();
    const [write] = await app.database.db.query.outbox.findMany({
      where: (o, { and, eq }) => and(eq(o.subjectType, 'photo'), eq(o.subjectId, photo.id)),
    });
    peer.failNext(400);
    await app.vendorSync.sendNow(write?.id ?? 0);
    const list = await call(
      f.cookies.client,
      'GET',
      `/api/uni/products/googlephotos/${f.productId}`,
    );
    expect(list.json().items[0]).toMatchObject({
      state: 'failed',
      failureReason: expect.stringContaining('HTTP 400'),
    });
  });
});
