import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, rankGifs, users } from '../../kernel/db/schema';
import type { JobContext } from '../../kernel/jobs/define-job';
import type { DomainEvent, EventPublisher } from '../../platform/realtime/event-bus';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { day, insertScan } from '../rank-history/scan-fixtures';
import { createRankGifJob, GIF_RENDER_FAILED } from './rank-gif.job';
import { createRankGifRepository } from './rank-gif.repository';

/** Image descriptors that follow a graphic control block: one per frame gifenc writes. */
function countFrames(bytes: Uint8Array): number {
  let frames = 0;
  for (let i = 0; i + 8 < bytes.length; i++) {
    const control = bytes[i] === 0x21 && bytes[i + 1] === 0xf9 && bytes[i + 2] === 0x04;
    if (control && bytes[i + 7] === 0 && bytes[i + 8] === 0x2c) frames += 1;
  }
  return frames;
}

const ctx = (attempt = 0): JobContext => ({
  jobId: 'test',
  attempt,
  log: pino({ level: 'silent' }),
  signal: new AbortController().signal,
});

describe('rank gifs', () => {
  let testApp: TestApp;
  let ownCookie = '';
  let otherCookie = '';
  let companyId = 0;
  const scanIds: number[] = [];
  const events: DomainEvent[] = [];
  const recorder: EventPublisher = { publish: (event) => void events.push(event as DomainEvent) };

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const [own, other] = await db
      .insert(clientCompanies)
      .values([
        { name: 'Gif Plumbing', label: 'Gif' },
        { name: 'Other Roofing', label: 'Other' },
      ])
      .returning();
    const [owner, stranger] = await db
      .insert(users)
      .values([
        { email: 'owner@gif.test', firstName: 'O', lastName: 'W' },
        { email: 'stranger@gif.test', firstName: 'S', lastName: 'T' },
      ])
      .returning();
    if (!own || !other || !owner || !stranger) throw new Error('fixtures');
    companyId = own.id;
    await db.insert(clientMembers).values([
      { userId: owner.id, companyId: own.id },
      { userId: stranger.id, companyId: other.id },
    ]);
    for (const [i, date] of ['2025-01-01', '2025-01-08', '2025-01-15', '2025-01-22'].entries()) {
      scanIds.push(
        await insertScan(db, {
          companyId: own.id,
          keyword: 'plumber',
          createdAt: day(date),
          atrp: 10 - i,
          points: Array.from({ length: 9 }, (_, p) =>
            p === 4 ? { state: 'not_found' as const, rank: null } : { state: 'found', rank: p + i },
          ).map((point) => ({
            ...point,
            rank: point.state === 'found' ? (point.rank ?? 0) + 1 : null,
          })) as never,
        }),
      );
    }
    // Other settings and other companies never join the series.
    await insertScan(db, {
      companyId: own.id,
      keyword: 'plumber',
      radius: 9,
      createdAt: day('2025-01-10'),
    });
    await insertScan(db, { companyId: other.id, keyword: 'plumber', createdAt: day('2025-01-10') });
    ownCookie = await sessionCookieOf(testApp.app, owner.id);
    otherCookie = await sessionCookieOf(testApp.app, stranger.id);
  });
  afterAll(() => testApp.app.close());

  const request = (cookie: string, payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/localrank/gif',
      headers: { cookie, origin: TEST_ORIGIN },
      payload,
    });

  it('counts the series, renders three frames oldest first, and serves the file', async () => {
    const third = scanIds[2] ?? 0;
    const series = await testApp.app.inject({
      method: 'GET',
      url: `/api/localrank/gif/series/${third}`,
      headers: { cookie: ownCookie },
    });
    expect(series.json()).toEqual({ available: 3 });

    const res = await request(ownCookie, { scanId: third, frames: 10 });
    expect(res.statusCode).toBe(200);
    const gif = res.json();
    expect(gif).toMatchObject({ status: 'queued', framesTotal: 3, framesDone: 0 });

    // Not ready yet: 409.
    const early = await testApp.app.inject({
      method: 'GET',
      url: `/api/localrank/gif/${gif.id}/file`,
      headers: { cookie: ownCookie },
    });
    expect(early.statusCode).toBe(409);

    const repo = createRankGifRepository(testApp.database.db);
    const job = createRankGifJob({ repo, events: recorder });
    await job.handler({ gifId: gif.id }, ctx());
    const progress = events.filter((event) => event.type === 'rank-gif.progress');
    expect(progress.map((event) => event.payload)).toEqual([
      { gifId: gif.id, companyId, done: 0, total: 3, status: 'running' },
      { gifId: gif.id, companyId, done: 1, total: 3, status: 'running' },
      { gifId: gif.id, companyId, done: 2, total: 3, status: 'running' },
      { gifId: gif.id, companyId, done: 3, total: 3, status: 'running' },
      { gifId: gif.id, companyId, done: 3, total: 3, status: 'done' },
    ]);
    expect(
      progress.every((event) => JSON.stringify(event.audience) === `{"client":${companyId}}`),
    ).toBe(true);

    const status = await testApp.app.inject({
      method: 'GET',
      url: `/api/localrank/gif/${gif.id}`,
      headers: { cookie: ownCookie },
    });
    expect(status.json()).toMatchObject({ status: 'done', framesDone: 3, framesTotal: 3 });

    const file = await testApp.app.inject({
      method: 'GET',
      url: `/api/localrank/gif/${gif.id}/file`,
      headers: { cookie: ownCookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/gif');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="rank-grid-plumber-.*\.gif"$/,
    );
    const bytes = file.rawPayload;
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(countFrames(bytes)).toBe(3);

    // A repeated job leaves a finished GIF alone.
    expect(await job.handler({ gifId: gif.id }, ctx(1))).toEqual({ skipped: true });
  });

  it('retries a failing render and marks it failed after the last attempt', async () => {
    const res = await request(ownCookie, { scanId: scanIds[3] ?? 0, frames: 3 });
    const gifId: number = res.json().id;
    const repo = createRankGifRepository(testApp.database.db);
    const job = createRankGifJob({
      repo,
      events: recorder,
      render: async (_frames, onFrame) => {
        await onFrame?.(1);
        throw new Error('encoder broke');
      },
    });
    await expect(job.handler({ gifId }, ctx(0))).rejects.toThrow('encoder broke');
    expect((await repo.status(gifId))?.status).toBe('running');
    await expect(job.handler({ gifId }, ctx(2))).resolves.toEqual({ failed: true });
    const row = await repo.status(gifId);
    expect(row).toMatchObject({ status: 'failed', error: GIF_RENDER_FAILED, framesDone: 1 });
    expect(events.at(-1)?.payload).toMatchObject({ gifId, status: 'failed' });
  });

  it('refuses a series shorter than three and a frame count out of range, per field', async () => {
    const short = await request(ownCookie, { scanId: scanIds[1] ?? 0, frames: 3 });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details[0].path).toBe('body.frames');
    expect((await request(ownCookie, { scanId: scanIds[3] ?? 0, frames: 2 })).statusCode).toBe(400);
    expect((await request(ownCookie, { scanId: scanIds[3] ?? 0, frames: 53 })).statusCode).toBe(
      400,
    );
  });

  it('hides scans and GIFs of other companies (404)', async () => {
    expect((await request(otherCookie, { scanId: scanIds[3] ?? 0, frames: 3 })).statusCode).toBe(
      404,
    );
    const [row] = await testApp.database.db
      .select({ id: rankGifs.id })
      .from(rankGifs)
      .where(eq(rankGifs.companyId, companyId));
    for (const url of [`/api/localrank/gif/${row?.id}`, `/api/localrank/gif/${row?.id}/file`]) {
      const res = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: otherCookie },
      });
      expect(res.statusCode).toBe(404);
    }
    const series = await testApp.app.inject({
      method: 'GET',
      url: `/api/localrank/gif/series/${scanIds[0]}`,
      headers: { cookie: otherCookie },
    });
    expect(series.statusCode).toBe(404);
  });
});
