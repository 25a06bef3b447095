import {
  FB_PEER_NO_PERMISSION_TOKEN,
  FB_PEER_PAGE_ID,
  type RunningFacebookGraphPeer,
  startFacebookGraphPeer,
} from '@pinpoint/fake-vendors/facebook-graph-peer';
import {
  GBP_PEER_EXPIRED_TOKEN,
  GBP_PEER_TOKEN,
  type RunningGoogleBusinessPeer,
  startGoogleBusinessPeer,
} from '@pinpoint/fake-vendors/google-business-peer';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, outbox, reviews, syncStates, vendorConnections } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import { callAs, liveVendorsConfig, reviewsFixture } from './reviews.test-setup';

let app: FastifyInstance;
let google: RunningGoogleBusinessPeer;
let facebook: RunningFacebookGraphPeer;

beforeAll(async () => {
  google = await startGoogleBusinessPeer();
  facebook = await startFacebookGraphPeer();
  ({ app } = await createTestApp({ config: liveVendorsConfig(google.base, facebook.base) }));
});
afterAll(async () => {
  await app.close();
  await google.close();
  await facebook.close();
});

const countOf = async (connectionId: number) => {
  const [row] = await app.database.db
    .select({
      n: sql<number>`count(*)::int`,
      distinctIds: sql<number>`count(distinct ${reviews.externalId})::int`,
      lastSynced: sql<string>`max(${reviews.syncedAt})::text`,
    })
    .from(reviews)
    .where(eq(reviews.connectionId, connectionId));
  return { n: Number(row?.n), distinctIds: Number(row?.distinctIds), lastSynced: row?.lastSynced };
};

describe('the reviews sync against the Business Profile API (local fake)', () => {
  it('syncs 10,000 reviews, then a second sync with nothing new writes nothing', async () => {
    const account = 'accounts/77/locations/7001';
    google.addGeneratedReviews(account, 10_000);
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_TOKEN);

    const started = performance.now();
    const first = await app.vendorSync.runSync(f.connectionId, 'reviews');
    const firstMs = performance.now() - started;
    expect(first).toMatchObject({ status: 'done', pages: 200, itemsSeen: 10_000 });
    expect(first.itemsWritten).toBe(10_000);
    expect(await countOf(f.connectionId)).toMatchObject({ n: 10_000, distinctIds: 10_000 });
    process.stdout.write(`\n[reviews sync] 10,000 reviews in ${Math.round(firstMs)} ms\n`);

    const before = await countOf(f.connectionId);
    const requestsBefore = google.requests.length;
    const second = await app.vendorSync.runSync(f.connectionId, 'reviews');
    expect(second).toMatchObject({ status: 'done', pages: 1, itemsWritten: 0 });
    // One page asked for, and not one review row touched (synced_at would move).
    expect(google.requests.length - requestsBefore).toBe(1);
    expect(await countOf(f.connectionId)).toEqual(before);
    const [connection] = await app.database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, f.connectionId));
    expect(connection?.status).toBe('connected');
    expect(connection?.lastSyncedAt).not.toBeNull();
  }, 120_000);

  it('takes in a new 1-star review, raises its alert once, and shows it in the list', async () => {
    const account = 'accounts/78/locations/7002';
    google.addGeneratedReviews(account, 30, new Date(Date.now() - 86_400_000));
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_TOKEN);
    await app.vendorSync.runSync(f.connectionId, 'reviews');
    google.addReview(account, {
      reviewerName: 'Dana Wolfe',
      starRating: 1,
      comment: 'Nobody came to fix the leak.',
    });
    const run = await app.vendorSync.runSync(f.connectionId, 'reviews');
    expect(run.createdIds).toHaveLength(1);
    await app.vendorSync.runSync(f.connectionId, 'reviews');

    const raised = await app.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.companyId, f.companyId), eq(alerts.kind, 'review')));
    expect(raised.map((a) => a.title)).toEqual(['1-star review from Dana Wolfe']);

    const res = await callAs(app, f.cookies.client)(
      'GET',
      `/api/uni/products/reviews/${f.productId}?stars=1&q=leak`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ reviewerName: 'Dana Wolfe', rating: 1, replyText: null }),
    ]);
  });

  it('marks the connection "needs attention" when the token has expired, without retrying', async () => {
    const account = 'accounts/79/locations/7003';
    google.addGeneratedReviews(account, 5);
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_EXPIRED_TOKEN);
    const requestsBefore = google.requests.length;
    const run = await app.vendorSync.runSync(f.connectionId, 'reviews');
    expect(run.status).toBe('needs_attention');
    expect(google.requests.length - requestsBefore).toBe(1);
    const res = await callAs(app, f.cookies.client)(
      'GET',
      `/api/uni/client/${f.companyId}/connections`,
    );
    expect(res.json().items).toEqual([
      expect.objectContaining({ status: 'needs_attention', externalAccount: null }),
    ]);
    expect(res.json().items[0].lastError).toMatch(/\S/);
  });

  it('waits out a 429 with Retry-After and finishes', async () => {
    const account = 'accounts/80/locations/7004';
    google.addGeneratedReviews(account, 120);
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_TOKEN);
    google.failNext(1, 429, '0');
    const run = await app.vendorSync.runSync(f.connectionId, 'reviews');
    expect(run).toMatchObject({ status: 'done', itemsWritten: 120 });
  });

  it('keeps its cursor through an outage and resumes from it without duplicates', async () => {
    const account = 'accounts/81/locations/7005';
    google.addGeneratedReviews(account, 150);
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_TOKEN);
    // Page 1 answers, then more 503s than the gate retries: the run fails with page 1 stored.
    const original = app.vendorSync.gateOf('google-business-profile');
    expect(original.state).toBe('closed');
    let listed = 0;
    const listCount = () => google.requests.filter((r) => r.method === 'GET').length;
    const start = listCount();
    const runner = app.vendorSync.runSync(f.connectionId, 'reviews');
    // Fail everything after the first page has been asked for.
    while (listCount() === start) await new Promise((r) => setImmediate(r));
    google.failNext(3, 503);
    await expect(runner).rejects.toThrow();
    listed = (await countOf(f.connectionId)).n;
    expect(listed).toBe(50);
    const [state] = await app.database.db
      .select()
      .from(syncStates)
      .where(eq(syncStates.connectionId, f.connectionId));
    expect(state).toMatchObject({ state: 'failed' });
    expect((state?.cursor as { pageToken?: string } | undefined)?.pageToken).toBeTruthy();

    const resumedFrom = google.requests.length;
    const run = await app.vendorSync.runSync(f.connectionId, 'reviews');
    expect(run.status).toBe('done');
    expect(google.requests[resumedFrom]?.query.get('pageToken')).toBeTruthy();
    expect(await countOf(f.connectionId)).toMatchObject({ n: 150, distinctIds: 150 });
  });
});

describe('reply writes through the outbox', () => {
  it('retries a reply after a 5xx and sends it exactly once', async () => {
    const account = 'accounts/82/locations/7006';
    google.addGeneratedReviews(account, 3);
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_TOKEN);
    await app.vendorSync.runSync(f.connectionId, 'reviews');
    const as = callAs(app, f.cookies.client);
    const list = (await as('GET', `/api/uni/products/reviews/${f.productId}`)).json();
    const review = list.items[0];
    const body = { text: 'Thank you for the kind words!', idempotencyKey: 'reply-key-0001' };
    const url = `/api/uni/products/reviews/${f.productId}/${review.id}/reply`;
    const queued = await as('POST', url, body);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().write).toMatchObject({ status: 'pending', text: body.text });
    // The same key again is the same write, not a second one.
    expect((await as('POST', url, body)).json().write.id).toBe(queued.json().write.id);
    const id = queued.json().write.id as number;

    google.failNext(3, 503);
    await expect(app.vendorSync.sendNow(id, 0)).rejects.toThrow();
    const [afterFailure] = await app.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
    expect(google.replyWrites).toHaveLength(0);

    expect((await app.vendorSync.sendNow(id, 1))?.status).toBe('sent');
    // A job retried after the success (or run twice) does not send again.
    expect((await app.vendorSync.sendNow(id, 2))?.status).toBe('sent');
    expect(google.replyWrites.filter((w) => w.reviewId && w.comment === body.text)).toHaveLength(1);

    const detail = (
      await as('GET', `/api/uni/products/reviews/${f.productId}/${review.id}`)
    ).json();
    expect(detail.review.replyText).toBe(body.text);
    expect(detail.history).toEqual([
      expect.objectContaining({ action: 'reply', status: 'sent', attempts: 2 }),
    ]);
  });

  it('holds a staff reply for the client’s approval where the client asks for it', async () => {
    const account = 'accounts/83/locations/7007';
    google.addGeneratedReviews(account, 2);
    const f = await reviewsFixture(app, 'google-business-profile', account, GBP_PEER_TOKEN);
    await app.vendorSync.runSync(f.connectionId, 'reviews');
    const staff = callAs(app, f.cookies.employee);
    const client = callAs(app, f.cookies.client);
    // The client's own setting: staff may read it, not change it.
    const settingsUrl = `/api/uni/client/${f.companyId}/settings`;
    expect((await staff('GET', settingsUrl)).json()).toEqual({
      approvalRequired: false,
      canChange: false,
    });
    expect((await staff('PUT', settingsUrl, { approvalRequired: false })).statusCode).toBe(403);
    expect((await client('PUT', settingsUrl, { approvalRequired: true })).json()).toEqual({
      approvalRequired: true,
      canChange: true,
    });
    const review = (await staff('GET', `/api/uni/products/reviews/${f.productId}`)).json().items[0];
    const queued = await staff(
      'POST',
      `/api/uni/products/reviews/${f.productId}/${review.id}/reply`,
      {
        text: 'Thanks from the whole team.',
        idempotencyKey: 'staff-key-0001',
      },
    );
    expect(queued.json().write.status).toBe('awaiting_approval');
    expect(await app.vendorSync.sendNow(queued.json().write.id)).toMatchObject({
      status: 'awaiting_approval',
    });
    const pending = (
      await client('GET', `/api/uni/client/notifications/${f.companyId}?pending=true`)
    ).json().items;
    expect(pending[0].title).toMatch(/Approve a reply/);
    // Staff cannot approve their own reply; the client can.
    const approveUrl = `/api/uni/client/notifications/${pending[0].id}/approve`;
    expect((await staff('POST', approveUrl, { decision: 'approved' })).statusCode).toBe(403);
    expect((await client('POST', approveUrl, { decision: 'approved' })).statusCode).toBe(200);
    expect((await app.vendorSync.sendNow(queued.json().write.id))?.status).toBe('sent');
  });
});

describe('Facebook recommendations', () => {
  it('says "Access is denied" and asks for a reconnect when the page token lacks permission', async () => {
    facebook.addGeneratedReviews(FB_PEER_PAGE_ID, 3);
    const f = await reviewsFixture(
      app,
      'facebook-page',
      FB_PEER_PAGE_ID,
      FB_PEER_NO_PERMISSION_TOKEN,
    );
    expect((await app.vendorSync.runSync(f.connectionId, 'reviews')).status).toBe(
      'needs_attention',
    );
    const summary = await callAs(app, f.cookies.client)(
      'GET',
      `/api/uni/products/reviews/${f.productId}/summary`,
    );
    expect(summary.json(), summary.body).toHaveProperty('connections');
    expect(summary.json().connections).toEqual([
      expect.objectContaining({ status: 'needs_attention', lastError: 'Access is denied' }),
    ]);
  });

  it('refuses a client of another company (403) on the product’s reviews', async () => {
    const f = await reviewsFixture(app, 'facebook-page', '555000111', FB_PEER_NO_PERMISSION_TOKEN);
    const res = await callAs(app, f.cookies.stranger)(
      'GET',
      `/api/uni/products/reviews/${f.productId}`,
    );
    expect(res.statusCode).toBe(403);
  });
});
