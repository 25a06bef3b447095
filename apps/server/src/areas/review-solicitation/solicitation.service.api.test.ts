import { type RunningSmtpPeer, startSmtpPeer } from '@pinpoint/fake-vendors/smtp-peer';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessagingConfig } from '../../config/messaging-config';
import { reviews, solicitationOptOuts } from '../../kernel/db/schema';
import { createTestApp, sessionCookieOf, type TestApp } from '../../test/test-app';
import {
  chicago,
  messagesOf,
  requestRow,
  type SolicitationFixture,
  solicitationFixture,
} from './solicitation.test-setup';
import { markReviewed } from './solicitation-reviewed';

describe('review requests by email (real SMTP server)', () => {
  let t: TestApp;
  let smtp: RunningSmtpPeer;
  let f: SolicitationFixture;
  const atNoon = () => chicago('2026-01-15T12:00');

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({
      config: {
        publicUrl: 'https://pinpoint.example.com',
        messaging: parseMessagingConfig({
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Pinpoint <no-reply@pinpoint.example.com>',
        }),
      },
    });
    f = await solicitationFixture(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await smtp?.close();
  });

  it('sends one request: both parts, List-Unsubscribe one-click headers, its own Message-ID', async () => {
    const clock = t.app.areas['review-solicitation'].solicitation.withClock(atNoon);
    const result = await clock.createRequests(
      f.input([{ firstName: 'Ann', lastName: 'Lee', email: 'Ann.Lee@Example.com' }]),
    );
    expect(result.refused).toEqual([]);
    const requestId = result.created[0]?.requestId ?? 0;
    const request = await requestRow(t.app, requestId);
    expect(request).toMatchObject({ status: 'queued', consentSource: 'form', createdBy: f.userId });
    expect(request?.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [message] = await messagesOf(t.app, requestId);
    expect(message).toMatchObject({
      channel: 'email',
      toAddress: 'ann.lee@example.com',
      idempotencyKey: `request:${requestId}:email`,
      status: 'queued',
    });

    expect(await clock.sendNow(message?.id ?? 0)).toBe('sent');
    const mail = await smtp.waitFor('ann.lee@example.com');
    expect(mail.subject).toMatch(/^How did Lone Star Plumbing \d+ do, Ann\?$/);
    expect(mail.messageId).toBe(`request-${requestId}-email@pinpoint.example.com`);
    expect(mail.text).toContain(`https://pinpoint.example.com/r/${request?.token}`);
    expect(mail.html).toContain(`href="https://pinpoint.example.com/r/${request?.token}"`);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/pinpoint\.example\.com\/api\/public\/unsubscribe\/[\w-]+\.[\w-]+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/Unsubscribe: https:\/\/pinpoint\.example\.com\/unsubscribe\//);
    expect(mail.html).toContain('https://pinpoint.example.com/unsubscribe/');

    const [sent] = await messagesOf(t.app, requestId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, externalId: mail.messageId });
    expect((await requestRow(t.app, requestId))?.status).toBe('sent');
    // A second run of the job (a retry, the tick) finds it sent and sends nothing.
    expect(await clock.sendNow(message?.id ?? 0)).toBe('skipped');
    expect(smtp.mails.filter((m) => m.to.includes('ann.lee@example.com'))).toHaveLength(1);

    // The review link: the first click is recorded, then Google's review form.
    const click = await t.app.inject({ method: 'GET', url: `/r/${request?.token}` });
    expect(click.statusCode).toBe(302);
    expect(String(click.headers.location)).toMatch(
      /^https:\/\/search\.google\.com\/local\/writereview\?placeid=ChIJ-sol-/,
    );
    const clicked = await requestRow(t.app, requestId);
    expect(clicked?.status).toBe('clicked');
    expect(clicked?.clickedAt).toBeInstanceOf(Date);
    const unknown = await t.app.inject({ method: 'GET', url: '/r/not-a-real-token-at-all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);

    // RFC 8058: the mail client posts from elsewhere, no cookie, no CSRF token.
    const oneClick = (mail.headers['list-unsubscribe'] ?? '')
      .slice(1, -1)
      .replace('https://pinpoint.example.com', '');
    const page = await t.app.inject({
      method: 'GET',
      url: oneClick.replace('/api/public', ''),
    });
    expect(page.statusCode, `${oneClick} ${page.body}`).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const optOuts = () =>
      t.app.database.db
        .select()
        .from(solicitationOptOuts)
        .where(
          and(
            eq(solicitationOptOuts.companyId, f.companyId),
            eq(solicitationOptOuts.address, 'ann.lee@example.com'),
          ),
        );
    expect(await optOuts(), 'a GET never unsubscribes').toHaveLength(0);
    const posted = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(await optOuts()).toHaveLength(1);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${oneClick}x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);

    // Opted out: a later request is refused on every channel.
    const again = await t.app.areas['review-solicitation'].solicitation
      .withClock(() => chicago('2026-04-15T12:00'))
      .createRequests(
        f.input([{ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com' }]),
      );
    expect(again.created).toEqual([]);
    expect(again.refused[0]?.code).toBe('opted_out');
  });

  it('refuses the same customer twice in 30 days, naming when they were asked', async () => {
    const first = await t.app.areas['review-solicitation'].solicitation
      .withClock(() => chicago('2026-02-02T10:00'))
      .createRequests(f.input([{ firstName: 'Bo', lastName: 'Diaz', email: 'bo@example.com' }]));
    expect(first.created).toHaveLength(1);
    const second = await t.app.areas['review-solicitation'].solicitation
      .withClock(() => chicago('2026-02-20T10:00'))
      .createRequests(
        f.input([
          { firstName: 'Bo', lastName: 'Diaz', email: 'bo@example.com' },
          { firstName: 'Cy', lastName: 'Ng', email: 'cy@example.com' },
          { firstName: 'Cy', lastName: 'Ng', email: 'CY@example.com' },
        ]),
      );
    expect(second.created.map((c) => c.index)).toEqual([1]);
    expect(second.refused).toEqual([
      {
        index: 0,
        code: 'recent',
        message:
          'Bo Diaz was asked for a review on February 2, 2026; a customer can be asked once every 30 days, so again from March 4, 2026.',
      },
      { index: 2, code: 'duplicate', message: expect.stringContaining('already in this list') },
    ]);
    const later = await t.app.areas['review-solicitation'].solicitation
      .withClock(() => chicago('2026-03-05T10:00'))
      .createRequests(f.input([{ firstName: 'Bo', lastName: 'Diaz', email: 'bo@example.com' }]));
    expect(later.created).toHaveLength(1);
  });

  it('a request made at 22:00 recipient time waits until 8:00 the next day', async () => {
    const late = t.app.areas['review-solicitation'].solicitation.withClock(() =>
      chicago('2026-01-20T22:00'),
    );
    const result = await late.createRequests(
      f.input([{ firstName: 'Di', lastName: 'Ray', email: 'di@example.com' }]),
    );
    const requestId = result.created[0]?.requestId ?? 0;
    const [message] = await messagesOf(t.app, requestId);
    expect(message?.sendAfter.toISOString()).toBe(chicago('2026-01-21T08:00').toISOString());
    expect(message?.status).toBe('scheduled');
    expect((await requestRow(t.app, requestId))?.status).toBe('scheduled');
    // The job run early (a clock, a stray job) sends nothing.
    expect(await late.sendNow(message?.id ?? 0)).toBe('not_due');
    const atSeven = t.app.areas['review-solicitation'].solicitation.withClock(() =>
      chicago('2026-01-21T07:59'),
    );
    expect(await atSeven.sendNow(message?.id ?? 0)).toBe('not_due');
    expect(smtp.mails.some((m) => m.to.includes('di@example.com'))).toBe(false);
    const atEight = t.app.areas['review-solicitation'].solicitation.withClock(() =>
      chicago('2026-01-21T08:00'),
    );
    expect(await atEight.sendNow(message?.id ?? 0)).toBe('sent');
    await smtp.waitFor('di@example.com');
  });

  it('a review from that customer within 14 days marks the request reviewed', async () => {
    const sentAt = chicago('2026-01-22T12:00');
    const clock = t.app.areas['review-solicitation'].solicitation.withClock(() => sentAt);
    const { created } = await clock.createRequests(
      f.input([
        { firstName: 'Gus', lastName: 'Park', email: 'gus@example.com' },
        { firstName: 'Hal', lastName: 'Ito', email: 'hal@example.com' },
      ]),
    );
    for (const c of created) {
      for (const m of await messagesOf(t.app, c.requestId)) await clock.sendNow(m.id);
    }
    const day = 86_400_000;
    const review = (name: string, externalId: string, after: number) => ({
      companyId: f.companyId,
      connectionId: f.connectionId,
      source: 'google',
      externalId,
      reviewerName: name,
      rating: 5,
      publishedAt: new Date(sentAt.getTime() + after),
      vendorUpdatedAt: new Date(sentAt.getTime() + after),
    });
    const [gus] = await t.app.database.db
      .insert(reviews)
      .values([
        review('Gus P.', 'rv-gus', 2 * day),
        // Hal's review came too late (20 days): not counted.
        review('Hal Ito', 'rv-hal', 20 * day),
      ])
      .returning();
    const marked = await markReviewed(
      t.app.database.db,
      f.connectionId,
      new Date(sentAt.getTime() + 21 * day),
    );
    expect(marked.map((m) => m.id)).toEqual([created[0]?.requestId]);
    const gusRequest = await requestRow(t.app, created[0]?.requestId ?? 0);
    expect(gusRequest).toMatchObject({ status: 'reviewed', reviewId: gus?.id });
    expect((await requestRow(t.app, created[1]?.requestId ?? 0))?.status).toBe('sent');
    // The reviews page marks the review that came from the request, and only that one.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/uni/products/reviews/${f.productId}?pageSize=50`,
      headers: { cookie: await sessionCookieOf(t.app, f.userId) },
    });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().items as { reviewerName: string; fromRequest: boolean }[];
    expect(shown.find((r) => r.reviewerName === 'Gus P.')?.fromRequest).toBe(true);
    expect(shown.find((r) => r.reviewerName === 'Hal Ito')?.fromRequest).toBe(false);
    // Idempotent: a second pass marks nothing more.
    expect(
      await markReviewed(t.app.database.db, null, new Date(sentAt.getTime() + 21 * day)),
    ).toEqual([]);
  });

  it('refuses a template of another company and a company with no place id', async () => {
    const other = await solicitationFixture(t.app);
    await expect(
      t.app.areas['review-solicitation'].solicitation.createRequests(
        f.input([{ firstName: 'Ed', email: 'ed@example.com' }], { templateId: other.templateId }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      t.app.areas['review-solicitation'].solicitation.createRequests(
        f.input([{ firstName: 'Ed', phone: '' }], { sendType: 'sms' }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
