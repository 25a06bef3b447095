import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, qaQuestions } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import { callAs, type ReviewsFixture, reviewsFixture } from '../reviews/reviews.test-setup';

let app: FastifyInstance;
let f: ReviewsFixture;
let other: ReviewsFixture;
let base: string;
let staff: ReturnType<typeof callAs>;
let client: ReturnType<typeof callAs>;

beforeAll(async () => {
  ({ app } = await createTestApp());
  f = await reviewsFixture(app, 'google-business-profile', 'accounts/7/locations/71', 'tok-qa');
  other = await reviewsFixture(app, 'google-business-profile', 'accounts/8/locations/81', 'tok-qb');
  base = `/api/uni/products/googleqa/${f.productId}`;
  staff = callAs(app, f.cookies.employee);
  client = callAs(app, f.cookies.client);
});
afterAll(() => app.close());

const record = (text: string, askedOn: string, as = staff, url = base) =>
  as('POST', url, { authorName: 'Jessica M.', text, askedOn });

async function questionCount(companyId: number) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(qaQuestions)
    .where(eq(qaQuestions.companyId, companyId));
  return row?.n ?? 0;
}

describe('Business Profile Q&A', () => {
  it('records, answers and confirms; lists unanswered first, then newest, with counts and filters', async () => {
    const old = await record('Do you work on weekends?', '2025-03-02');
    expect(old.statusCode).toBe(201);
    expect(old.json()).toMatchObject({
      authorName: 'Jessica M.',
      origin: 'recorded',
      recordedBy: 'Emma Staff',
      answerState: 'none',
      askedAt: '2025-03-02T12:00:00.000Z',
    });
    const mid = (await record('Is there a trip charge?', '2025-06-10')).json();
    const recent = (await record('Do you install tankless heaters?', '2025-09-01')).json();

    // The client answers: it waits to be published on Google.
    const answered = await client('POST', `${base}/${old.json().id}/answer`, {
      text: '  Yes, we have a plumber on call every weekend.  ',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      answerText: 'Yes, we have a plumber on call every weekend.',
      answerState: 'to_publish',
      answeredBy: 'Cara Client',
      confirmedAt: null,
    });
    // Staff answer another and confirm it live, naming the version they published.
    const second = (
      await staff('POST', `${base}/${mid.id}/answer`, {
        text: 'A small fee, waived with a repair.',
      })
    ).json();
    const confirmed = await staff('POST', `${base}/${mid.id}/confirm`, {
      answeredAt: second.answeredAt,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ answerState: 'live', confirmedBy: 'Emma Staff' });
    const [activity] = await app.database.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, f.companyId), eq(activityEvents.type, 'qa_answered')),
      );
    expect(activity).toMatchObject({ productInstanceId: f.productId, detail: mid.text });

    const list = await client('GET', base);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({
      total: 3,
      counts: { all: 3, unanswered: 1, to_publish: 1, live: 1 },
      connected: true,
      staff: false,
    });
    // Unanswered first, then the newest asked.
    expect(body.items.map((q: { id: number }) => q.id)).toEqual([recent.id, mid.id, old.json().id]);
    const ids = async (query: string) =>
      (await client('GET', `${base}?${query}`)).json().items.map((q: { id: number }) => q.id);
    expect(await ids('state=unanswered')).toEqual([recent.id]);
    expect(await ids('state=to_publish')).toEqual([old.json().id]);
    expect(await ids('state=live')).toEqual([mid.id]);
    expect(await ids('q=WEEKEND')).toEqual([old.json().id]);
    expect(await ids('q=waived')).toEqual([mid.id]);
    expect(await ids('q=100%25')).toEqual([]);
    const paged = (await client('GET', `${base}?pageSize=2&page=2`)).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
    expect((await staff('GET', base)).json().staff).toBe(true);
  });

  it('sends an edited live answer back to "to publish", and refuses a stale confirmation', async () => {
    const q = (await record('Are your plumbers licensed?', '2025-05-05')).json();
    const first = (
      await staff('POST', `${base}/${q.id}/answer`, { text: 'Yes, all of them.' })
    ).json();
    await staff('POST', `${base}/${q.id}/confirm`, { answeredAt: first.answeredAt });
    // Saving the same text again changes nothing.
    const same = await client('POST', `${base}/${q.id}/answer`, { text: 'Yes, all of them.' });
    expect(same.json()).toMatchObject({ answerState: 'live', answeredBy: 'Emma Staff' });

    const edited = await client('POST', `${base}/${q.id}/answer`, {
      text: 'Yes, every plumber is licensed and insured.',
    });
    expect(edited.json()).toMatchObject({
      answerState: 'to_publish',
      confirmedAt: null,
      answeredBy: 'Cara Client',
    });
    // Staff published the first text; the client's edit came after: not marked live.
    const stale = await staff('POST', `${base}/${q.id}/confirm`, {
      answeredAt: first.answeredAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed after you loaded it/);
    const fresh = await staff('POST', `${base}/${q.id}/confirm`, {
      answeredAt: edited.json().answeredAt,
    });
    expect(fresh.json().answerState).toBe('live');
    const again = await staff('POST', `${base}/${q.id}/confirm`, {
      answeredAt: edited.json().answeredAt,
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps recording, confirming and deleting to staff; another company’s question is not found', async () => {
    const q = (await record('Do you clear main lines?', '2025-07-07')).json();
    const before = await questionCount(f.companyId);
    const refusals = [
      await record('Can I record this?', '2025-07-08', client),
      await client('POST', `${base}/${q.id}/confirm`, { answeredAt: new Date().toISOString() }),
      await client('POST', `${base}/${q.id}/delete`, {}),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toBe('access denied');
    }
    expect(await questionCount(f.companyId)).toBe(before);

    // The other company's question, through this company's product: 404, and untouched.
    const theirs = (
      await record(
        'Is this theirs?',
        '2025-07-07',
        callAs(app, other.cookies.employee),
        `/api/uni/products/googleqa/${other.productId}`,
      )
    ).json();
    for (const action of ['answer', 'draft', 'delete'] as const) {
      const res = await staff('POST', `${base}/${theirs.id}/${action}`, { text: 'Hijacked' });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await app.database.db
      .select()
      .from(qaQuestions)
      .where(eq(qaQuestions.id, theirs.id));
    expect(row?.answerText).toBeNull();
    // Someone of another company cannot even list these.
    expect((await callAs(app, f.cookies.stranger)('GET', base)).statusCode).toBe(403);

    const removed = await staff('POST', `${base}/${q.id}/delete`, {});
    expect(removed.json()).toEqual({ id: q.id, deleted: true });
    expect((await staff('POST', `${base}/${q.id}/delete`, {})).statusCode).toBe(404);
  });

  it('refuses bad input with field details and writes nothing', async () => {
    const before = await questionCount(f.companyId);
    const bad = await staff('POST', base, {
      authorName: ' ',
      text: 'x'.repeat(301),
      askedOn: '2025-02-30',
    });
    expect(bad.statusCode).toBe(400);
    const details = bad.json().error.details as { path: string; message: string }[];
    expect(Object.fromEntries(details.map((d) => [d.path, d.message]))).toMatchObject({
      'body.authorName': 'Give the name the profile shows for the person who asked.',
      'body.text': 'A question on Google is at most 300 characters; check the text.',
      'body.askedOn': 'Use a real date written as YYYY-MM-DD.',
    });
    const future = await record('Tomorrow?', '2999-01-01');
    expect(future.json().error.details[0].message).toBe('The day cannot be in the future.');
    expect(await questionCount(f.companyId)).toBe(before);

    const q = (await record('Long answer?', '2025-07-07')).json();
    const tooLong = await client('POST', `${base}/${q.id}/answer`, { text: 'y'.repeat(1501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0]).toEqual({
      path: 'body.text',
      message: 'Google allows at most 1,500 characters in an answer.',
    });
    const [row] = await app.database.db.select().from(qaQuestions).where(eq(qaQuestions.id, q.id));
    expect(row).toMatchObject({ answerText: null, answerState: 'none' });
  });

  it('drafts an answer deterministically from the question and the business, saving nothing', async () => {
    const q = (await record('Do you offer emergency service on weekends?', '2025-08-08')).json();
    const first = await client('POST', `${base}/${q.id}/draft`, {});
    expect(first.statusCode).toBe(200);
    const draft = first.json();
    expect(draft.provider).toBe('demo');
    expect(draft.text).toContain('Reviews google-business-profile-1 Plumbing');
    // It answers what was asked (the hours, the emergency) without inventing either.
    expect(draft.text).toMatch(/hours on this profile/);
    expect(draft.text).toMatch(/urgent/);
    expect(draft.text.length).toBeLessThanOrEqual(1500);
    expect((await client('POST', `${base}/${q.id}/draft`, {})).json()).toEqual(draft);
    const [row] = await app.database.db.select().from(qaQuestions).where(eq(qaQuestions.id, q.id));
    expect(row?.answerState).toBe('none');
  });

  it('answers through the gateway, and only for the Google products', async () => {
    const res = await client('POST', '/database/request', {
      method: 'GET',
      url: `${base}?state=unanswered&pageSize=5`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().counts.unanswered).toBeGreaterThan(0);

    const facebook = await reviewsFixture(app, 'facebook-page', '1234567890', 'tok-fb');
    const refused = await callAs(app, facebook.cookies.client)(
      'GET',
      `/api/uni/products/googleqa/${facebook.productId}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(
      'Questions and answers belong to the Google Business Profile products.',
    );
  });
});
