import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import { createPeople, type People } from '../activity/test-people';

let app: FastifyInstance;
let people: People;
let alertA1 = 0;
let alertA2 = 0;
let alertB = 0;

beforeAll(async () => {
  ({ app } = await createTestApp());
  people = await createPeople(app, 'Alerts');
  const rows = await app.database.db
    .insert(alerts)
    .values([
      { companyId: people.companyA, kind: 'grid', title: 'A one' },
      { companyId: people.companyA, kind: 'listing', title: 'A two' },
      { companyId: people.companyA, kind: 'freemium', title: 'A three', read: true },
      { companyId: people.companyB, kind: 'grid', title: 'B one' },
    ])
    .returning();
  [alertA1, alertA2, , alertB] = rows.map((r) => r.id) as [number, number, number, number];
});
afterAll(() => app.close());

const readOne = (who: Parameters<People['call']>[0], companyId: number, alertId: number) =>
  people.call(who, 'POST', `/api/alerts/${companyId}/${alertId}/read`, {});
const readAll = (who: Parameters<People['call']>[0], companyId: number) =>
  people.call(who, 'POST', `/api/alerts/${companyId}/read-all`, {});
const isRead = async (id: number) =>
  (await app.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]?.read;
const unreadOf = async (companyId: number) =>
  (await people.call('admin', 'GET', `/api/alerts/${companyId}`)).json().unreadCount;

describe('marking alerts read', () => {
  it('marks one alert read for a member, and again is harmless', async () => {
    const res = await readOne('member', people.companyA, alertA1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alertA1,
      companyId: people.companyA,
      read: true,
      title: 'A one',
    });
    expect(await unreadOf(people.companyA)).toBe(1);
    expect((await readOne('member', people.companyA, alertA1)).statusCode).toBe(200);
  });

  it('refuses an alert of another company, even through one’s own company', async () => {
    // The member of A names B's alert under A: not found, and B's alert stays unread.
    const res = await readOne('member', people.companyA, alertB);
    expect(res.statusCode).toBe(404);
    expect(await isRead(alertB)).toBe(false);
    for (const who of ['member', 'unassigned', 'lead'] as const) {
      const denied = await readOne(who, people.companyB, alertB);
      expect(denied.statusCode, who).toBe(403);
      expect(denied.json().reason).toBe('access denied');
    }
    expect((await readOne(null, people.companyB, alertB)).statusCode).toBe(401);
    expect(await isRead(alertB)).toBe(false);
    expect((await readOne('member', people.companyA, 999_999)).statusCode).toBe(404);
    expect(
      (await people.call('member', 'POST', `/api/alerts/${people.companyA}/abc/read`, {}))
        .statusCode,
    ).toBe(400);
  });

  it('marks all of one company’s alerts read, and only that company’s', async () => {
    for (const who of ['other', 'unassigned', 'lead'] as const) {
      expect((await readAll(who, people.companyA)).statusCode, who).toBe(403);
    }
    expect(await isRead(alertA2)).toBe(false);
    const res = await readAll('assigned', people.companyA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unreadCount: 0 });
    expect(await isRead(alertA2)).toBe(true);
    expect(await unreadOf(people.companyA)).toBe(0);
    expect(await unreadOf(people.companyB)).toBe(1);
    expect((await readAll('member', people.companyA)).json()).toEqual({
      updated: 0,
      unreadCount: 0,
    });
  });

  it('works through the gateway and ignores unknown fields', async () => {
    const res = await people.call('other', 'POST', '/database/request', {
      method: 'POST',
      url: `/api/alerts/${people.companyB}/${alertB}/read`,
      data: { read: false, companyId: people.companyA, origin: 'http://localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alertB, companyId: people.companyB, read: true });
  });
});
