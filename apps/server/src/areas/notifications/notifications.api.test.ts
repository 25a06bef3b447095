import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  notifications,
  users,
} from '../../kernel/db/schema';
import { openTestSocket } from '../../test/socket-client';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createNotificationsRepository } from './notifications.repository';

const ROLES = ['member', 'employee', 'admin', 'otherClient', 'lead'] as const;
type Role = (typeof ROLES)[number];

let app: FastifyInstance;
let origin = '';
let socketUrl = '';
const ids = { company: 0, otherCompany: 0 } as { company: number; otherCompany: number };
const userIds = {} as Record<Role, number>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const db = app.database.db;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      { name: 'Notify Plumbing', label: 'Notify' },
      { name: 'Other Bakery', label: 'Other' },
    ])
    .returning();
  ids.company = company?.id ?? 0;
  ids.otherCompany = other?.id ?? 0;
  const created = await db
    .insert(users)
    .values([
      { email: 'member@n.test', firstName: 'Mia', lastName: 'Member' },
      { email: 'employee@n.test', firstName: 'Eli', lastName: 'Employee', perm: true },
      { email: 'admin@n.test', firstName: 'Ada', lastName: 'Admin', admin: true },
      { email: 'other@n.test', firstName: 'Otto', lastName: 'Other' },
      { email: 'lead@n.test', firstName: 'Lea', lastName: 'Lead', lead: true },
    ])
    .returning();
  ROLES.forEach((role, i) => {
    userIds[role] = created[i]?.id ?? 0;
  });
  await db.insert(clientMembers).values([
    { userId: userIds.member, companyId: ids.company },
    { userId: userIds.otherClient, companyId: ids.otherCompany },
  ]);
  await db.insert(employeeAssignments).values({ userId: userIds.employee, companyId: ids.company });
  for (const role of ROLES) {
    const { token } = await app.sessionService.create({
      userId: userIds[role],
      authType: 'password',
      ip: '127.0.0.1',
      userAgent: 'notifications test',
    });
    cookies[role] = `${app.sessionCookie.name}=${token}`;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  socketUrl = `ws://127.0.0.1:${port}/ws`;
});
afterAll(() => app.close());

function call(who: Role | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const options: InjectOptions = {
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] } : {}) },
  };
  if (payload) options.payload = payload;
  return app.inject(options);
}

const repo = () => createNotificationsRepository(app.database.db);

async function pendingNotification(companyId = ids.company, title = 'Approve this post') {
  const [row] = await repo().insert([
    { companyId, kind: 'post_approval', title, body: 'A new post for Friday.', state: 'pending' },
  ]);
  if (!row) throw new Error('no row');
  return row;
}

describe('GET /api/uni/client/notifications/:companyId', () => {
  it('lists newest first with unread and pending counts, paginated', async () => {
    const db = app.database.db;
    const base = Date.parse('2025-01-01T00:00:00Z');
    await db.insert(notifications).values(
      Array.from({ length: 5 }, (_, i) => ({
        companyId: ids.otherCompany,
        kind: 'report',
        title: `Report ${i}`,
        state: i < 2 ? 'pending' : 'info',
        readAt: i === 4 ? new Date(base) : null,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const res = await call(
      'otherClient',
      'GET',
      `/api/uni/client/notifications/${ids.otherCompany}?limit=2`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((n: { title: string }) => n.title)).toEqual(['Report 4', 'Report 3']);
    expect(body).toMatchObject({ total: 5, unreadCount: 4, pendingCount: 2, limit: 2, offset: 0 });
    expect(body.items[0]).toMatchObject({
      read: true,
      state: 'info',
      actedBy: null,
      actedAt: null,
    });

    const page3 = await call(
      'otherClient',
      'GET',
      `/api/uni/client/notifications/${ids.otherCompany}?limit=2&offset=4`,
    );
    expect(page3.json().items.map((n: { title: string }) => n.title)).toEqual(['Report 0']);

    const pendingOnly = await call(
      'otherClient',
      'GET',
      `/api/uni/client/notifications/${ids.otherCompany}?pending=true`,
    );
    expect(pendingOnly.json().items.map((n: { title: string }) => n.title)).toEqual([
      'Report 1',
      'Report 0',
    ]);
    expect(pendingOnly.json().total).toBe(2);
  });

  it('is open to members, assigned employees and admins only', async () => {
    await pendingNotification();
    const url = `/api/uni/client/notifications/${ids.company}`;
    for (const role of ['member', 'employee', 'admin'] as const) {
      expect((await call(role, 'GET', url)).statusCode).toBe(200);
    }
    for (const role of ['otherClient', 'lead'] as const) {
      const res = await call(role, 'GET', url);
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toBe('access denied');
    }
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call('admin', 'GET', '/api/uni/client/notifications/999999')).statusCode).toBe(
      404,
    );
    const bad = await call('member', 'GET', `${url}?limit=1000`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/uni/client/notifications/:notificationId/approve', () => {
  it('approves by default and records who and when', async () => {
    const row = await pendingNotification();
    const res = await call('member', 'POST', `/api/uni/client/notifications/${row.id}/approve`, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: row.id,
      state: 'approved',
      actedBy: { id: userIds.member, name: 'Mia Member' },
    });
    expect(Date.parse(body.actedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [stored] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, row.id));
    expect(stored).toMatchObject({ state: 'approved', actedBy: userIds.member });
    expect(stored?.actedAt).toBeInstanceOf(Date);
  });

  it('declines, ignores unknown fields, and refuses a bad decision with a field message', async () => {
    const row = await pendingNotification();
    const url = `/api/uni/client/notifications/${row.id}/approve`;
    const bad = await call('employee', 'POST', url, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ message: 'Choose approved or declined.' });
    const res = await call('employee', 'POST', url, {
      decision: 'declined',
      actedBy: userIds.admin,
      companyId: ids.otherCompany,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'declined',
      companyId: ids.company,
      actedBy: { id: userIds.employee, name: 'Eli Employee' },
    });
  });

  it('answers 409 naming who decided, and 409 for an information-only notification', async () => {
    const row = await pendingNotification();
    const url = `/api/uni/client/notifications/${row.id}/approve`;
    expect((await call('admin', 'POST', url, {})).statusCode).toBe(200);
    const again = await call('member', 'POST', url, { decision: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      /^This request was already approved by Ada Admin on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );

    const [info] = await repo().insert([
      { companyId: ids.company, kind: 'report', title: 'Monthly report sent', state: 'info' },
    ]);
    const res = await call(
      'member',
      'POST',
      `/api/uni/client/notifications/${info?.id}/approve`,
      {},
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/information only/);
  });

  it('answers 404, not 403, to callers who may not see the notification, and 401 when signed out', async () => {
    const row = await pendingNotification();
    const url = `/api/uni/client/notifications/${row.id}/approve`;
    for (const role of ['otherClient', 'lead'] as const) {
      const res = await call(role, 'POST', url, {});
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No such notification.');
    }
    expect(
      (await call('member', 'POST', '/api/uni/client/notifications/999999/approve', {})).statusCode,
    ).toBe(404);
    expect((await call(null, 'POST', url, {})).statusCode).toBe(401);
    const [stored] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, row.id));
    expect(stored?.state).toBe('pending');
  });

  it('two decisions at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const row = await pendingNotification();
      const url = `/api/uni/client/notifications/${row.id}/approve`;
      const results = await Promise.all([
        call('member', 'POST', url, { decision: 'approved' }),
        call('employee', 'POST', url, { decision: 'declined' }),
        call('admin', 'POST', url, { decision: 'approved' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json();
      const [stored] = await app.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, row.id));
      expect(stored?.state).toBe(winner.state);
      expect(stored?.actedBy).toBe(winner.actedBy.id);
    }
  });

  it('publishes notification.changed to the company audience only', async () => {
    const open = async (role: Role) => {
      const socket = await openTestSocket(socketUrl, { cookie: cookies[role], origin });
      await socket.next('welcome');
      return socket;
    };
    const [member, employee, other] = await Promise.all([
      open('member'),
      open('employee'),
      open('otherClient'),
    ]);
    const row = await pendingNotification();
    const res = await call('admin', 'POST', `/api/uni/client/notifications/${row.id}/approve`, {});
    expect(res.statusCode).toBe(200);
    const expected = {
      type: 'notification.changed',
      payload: {
        id: row.id,
        companyId: ids.company,
        state: 'approved',
        actedAt: res.json().actedAt,
        actedBy: 'Ada Admin',
      },
    };
    // This row's event: the previous test's decisions can still be on their way.
    const ofThisRow = (payload: { id: number }) => payload.id === row.id;
    expect(await member.next('notification.changed', 5_000, ofThisRow)).toEqual(expected);
    expect(await employee.next('notification.changed', 5_000, ofThisRow)).toEqual(expected);
    await expect(other.next('notification.changed', 300)).rejects.toThrow(
      /no "notification.changed"/,
    );
    for (const socket of [member, employee, other]) socket.socket.close();
  });
});

describe('POST /api/uni/client/notifications/:companyId/read', () => {
  it('marks the given ones, then all, read; tells every tab the new unread count', async () => {
    const [fresh] = await app.database.db
      .insert(clientCompanies)
      .values({ name: 'Read Test Florist', label: 'Read' })
      .returning();
    const companyId = fresh?.id ?? 0;
    await app.database.db.insert(clientMembers).values({ userId: userIds.member, companyId });
    // The member's session was made before this membership: sign in again.
    const { token } = await app.sessionService.create({
      userId: userIds.member,
      authType: 'password',
      ip: '127.0.0.1',
      userAgent: 'notifications test',
    });
    const cookie = `${app.sessionCookie.name}=${token}`;
    const rows = await repo().insert(
      [1, 2, 3].map((i) => ({ companyId, kind: 'report', title: `Read ${i}`, state: 'info' })),
    );
    const [foreign] = await repo().insert([
      { companyId: ids.otherCompany, kind: 'report', title: 'Not yours', state: 'info' },
    ]);
    const socket = await openTestSocket(socketUrl, { cookie, origin });
    await socket.next('welcome');
    const url = `/api/uni/client/notifications/${companyId}/read`;
    const post = (payload: object) =>
      app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, cookie }, payload });

    const some = await post({ ids: [rows[0]?.id, foreign?.id] });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ marked: 1, unreadCount: 2 });
    expect((await socket.next('notifications.read')).payload).toEqual({
      companyId,
      unreadCount: 2,
    });
    const [stillUnread] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, foreign?.id ?? 0));
    expect(stillUnread?.readAt).toBeNull();

    expect((await post({})).json()).toEqual({ marked: 2, unreadCount: 0 });
    expect((await post({})).json()).toEqual({ marked: 0, unreadCount: 0 });
    expect((await post({ ids: ['x'] })).statusCode).toBe(400);
    socket.socket.close();

    const refused = await call('otherClient', 'POST', url, {});
    expect(refused.statusCode).toBe(403);
  });
});
