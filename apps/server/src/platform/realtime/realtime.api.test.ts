import type { AddressInfo } from 'node:net';
import { REALTIME_CLOSE, REALTIME_MAX_MESSAGE_BYTES } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, employeeAssignments, users } from '../../kernel/db/schema';
import { openTestSocket, type SocketRefusal, type TestSocket } from '../../test/socket-client';
import { createTestApp, sessionCookieOf } from '../../test/test-app';

let app: FastifyInstance;
let base = '';
let origin = '';
const ids = { companyA: 0, companyB: 0, clientA: 0, clientB: 0, employeeA: 0, admin: 0 };

beforeAll(async () => {
  ({ app } = await createTestApp({
    config: { realtime: { heartbeatMs: 150, revalidateMs: 60_000 } },
  }));
  const db = app.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      { name: 'Realtime Plumbing', label: 'A' },
      { name: 'Realtime Dental', label: 'B' },
    ])
    .returning();
  ids.companyA = a?.id ?? 0;
  ids.companyB = b?.id ?? 0;
  const created = await db
    .insert(users)
    .values([
      { email: 'a@rt.test', firstName: 'A', lastName: 'Client' },
      { email: 'b@rt.test', firstName: 'B', lastName: 'Client' },
      { email: 'emp@rt.test', firstName: 'E', lastName: 'Employee', perm: true },
      { email: 'admin@rt.test', firstName: 'Ad', lastName: 'Min', admin: true },
    ])
    .returning();
  [ids.clientA, ids.clientB, ids.employeeA, ids.admin] = created.map((u) => u.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(clientMembers).values([
    { userId: ids.clientA, companyId: ids.companyA },
    { userId: ids.clientB, companyId: ids.companyB },
  ]);
  await db.insert(employeeAssignments).values({ userId: ids.employeeA, companyId: ids.companyA });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  base = `ws://127.0.0.1:${port}/ws`;
});
afterAll(() => app.close());

const cookieOf = (userId: number) => sessionCookieOf(app, userId);

async function socketOf(userId: number, extra: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const socket = await openTestSocket(base, { cookie: await cookieOf(userId), origin, ...extra });
  await socket.next('welcome');
  return socket;
}

/** A ping answered: whatever the server sent this socket before it has arrived. */
async function drained(socket: TestSocket): Promise<void> {
  socket.socket.send(JSON.stringify({ type: 'ping', payload: {} }));
  await socket.next('pong');
}

async function refusal(promise: Promise<TestSocket>): Promise<SocketRefusal> {
  return promise.then(
    () => {
      throw new Error('the upgrade was accepted');
    },
    (error: SocketRefusal) => error,
  );
}

describe('the realtime channel /ws', () => {
  it('refuses an upgrade without a session (401) and from another origin (403)', async () => {
    expect((await refusal(openTestSocket(base, { origin }))).status).toBe(401);
    const cookie = await cookieOf(ids.clientA);
    const foreign = await refusal(openTestSocket(base, { cookie, origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('FORBIDDEN');
    expect((await refusal(openTestSocket(base, { cookie }))).status).toBe(403);
  });

  it('greets the user, answers ping, and answers bad messages with an error', async () => {
    const socket = await socketOf(ids.clientA);
    expect(socket.messages[0]).toEqual({ type: 'welcome', payload: { userId: ids.clientA } });
    socket.socket.send(JSON.stringify({ type: 'ping', payload: { sentAt: 7 } }));
    expect((await socket.next('pong')).payload).toEqual({ sentAt: 7 });
    for (const bad of ['not json', '{"payload":1}', '{"type":"subscribe","payload":{}}', '[]']) {
      socket.socket.send(bad);
      expect(((await socket.next('error')).payload as { code: string }).code).toBe('bad_message');
    }
    socket.socket.close();
  });

  it('closes a socket that sends a message over 64 KB (1009)', async () => {
    const socket = await socketOf(ids.clientA);
    socket.socket.send(
      JSON.stringify({ type: 'ping', payload: { pad: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES) } }),
    );
    expect((await socket.closed).code).toBe(1009);
  });

  it('rate-limits each connection, then closes one that keeps flooding', async () => {
    const socket = await socketOf(ids.clientA);
    for (let i = 0; i < 60; i++) socket.socket.send('{"type":"ping","payload":{}}');
    const closed = await socket.closed;
    const errors = socket.messages.filter((m) => m.type === 'error');
    const pongs = socket.messages.filter((m) => m.type === 'pong');
    expect(pongs.length).toBeGreaterThanOrEqual(20);
    expect(pongs.length).toBeLessThan(30);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.payload).toMatchObject({ code: 'rate_limited' });
    expect(closed.code).toBe(REALTIME_CLOSE.rateLimited);
  });

  it('delivers an event only to users allowed to see it', async () => {
    const [a, b, employee, admin] = await Promise.all(
      [ids.clientA, ids.clientB, ids.employeeA, ids.admin].map((id) => socketOf(id)),
    );
    app.realtime.publish({
      type: 'error-log.changed',
      audience: { client: ids.companyA },
      payload: {
        id: 1,
        change: 'created',
        message: 'm',
        page: '/p',
        count: 1,
        resolved: false,
        at: '',
      },
    });
    for (const allowed of [a, employee, admin]) await allowed?.next('error-log.changed');
    app.realtime.publish({
      type: 'error-log.changed',
      audience: { client: ids.companyB },
      payload: {
        id: 2,
        change: 'created',
        message: 'm',
        page: '/p',
        count: 1,
        resolved: false,
        at: '',
      },
    });
    await b?.next('error-log.changed');
    await admin?.next('error-log.changed');
    // Each event goes to every socket in one pass, so a misdelivered copy was sent with the
    // allowed ones: once each socket has answered a ping, it would have arrived.
    await Promise.all([a, b, employee, admin].map((s) => s && drained(s)));
    const idsSeen = (s: TestSocket | undefined) =>
      s?.messages
        .filter((m) => m.type === 'error-log.changed')
        .map((m) => (m.payload as { id: number }).id);
    expect(idsSeen(a)).toEqual([1]);
    expect(idsSeen(employee)).toEqual([1]);
    expect(idsSeen(b)).toEqual([2]);
    expect(idsSeen(admin)).toEqual([1, 2]);
    for (const s of [a, b, employee, admin]) s?.socket.close();
  });

  it("re-reads a user's access at once when told their companies changed", async () => {
    // Client B joins company A after opening the socket: A's events reach it only after
    // `access.changed`, not at the next 5-minute check.
    const socket = await socketOf(ids.clientB);
    // A member of company A all along: its copy of an event shows that the event's delivery
    // pass, which also decided for client B's socket, has run.
    const witness = await socketOf(ids.clientA);
    const event = (id: number) => ({
      type: 'error-log.changed' as const,
      audience: { client: ids.companyA },
      payload: {
        id,
        change: 'created' as const,
        message: 'm',
        page: '/p',
        count: 1,
        resolved: false,
        at: '',
      },
    });
    const db = app.database.db;
    await db.insert(clientMembers).values({ userId: ids.clientB, companyId: ids.companyA });
    // The socket re-reads its session (a fresh `resolve`) on `access.changed` and takes the
    // new access when that read settles: each such read is kept, to wait for it.
    const sessions = app.sessionService;
    const resolve = sessions.resolve;
    const rereads: Promise<unknown>[] = [];
    sessions.resolve = (token, options) => {
      const found = resolve(token, options);
      // setImmediate: after the re-check's own continuation (microtasks) has run.
      if (options?.fresh)
        rereads.push(found.finally(() => new Promise((done) => setImmediate(done))));
      return found;
    };
    try {
      app.realtime.publish(event(10));
      await witness.next('error-log.changed');
      app.realtime.publish({
        type: 'access.changed',
        payload: {},
        audience: { user: ids.clientB },
      });
      await socket.next('access.changed');
      expect(rereads).toHaveLength(1);
      await Promise.allSettled(rereads);
      app.realtime.publish(event(11));
      await socket.next('error-log.changed');
      const seen = socket.messages
        .filter((m) => m.type === 'error-log.changed')
        .map((m) => (m.payload as { id: number }).id);
      expect(seen).toEqual([11]);
    } finally {
      sessions.resolve = resolve;
      socket.socket.close();
      witness.socket.close();
      await db
        .delete(clientMembers)
        .where(
          and(eq(clientMembers.userId, ids.clientB), eq(clientMembers.companyId, ids.companyA)),
        );
    }
  });

  it('pushes error log reports to staff live, not to clients', async () => {
    const [client, employee] = await Promise.all([socketOf(ids.clientA), socketOf(ids.employeeA)]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/status/create',
      headers: { origin: 'http://localhost' },
      payload: { message: 'Live boom', page: '/dashboard/overview' },
    });
    expect(res.statusCode).toBe(200);
    const event = await employee.next('error-log.changed');
    expect(event.payload).toMatchObject({ message: 'Live boom', change: 'created', count: 1 });
    // Sent to every allowed socket in one pass: a copy for the client would be in by its pong.
    await drained(client);
    expect(client.messages.map((m) => m.type)).toEqual(['welcome', 'pong']);
    client.socket.close();
    employee.socket.close();
  });

  it('closes the sockets of a session that signs out (4001), and only those', async () => {
    const cookie = await cookieOf(ids.clientA);
    const signedOut = await openTestSocket(base, { cookie, origin });
    const other = await socketOf(ids.clientA);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost', cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect((await signedOut.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(signedOut.messages.map((m) => m.type)).toContain('session.ended');
    expect(other.socket.readyState).toBe(other.socket.OPEN);
    other.socket.close();
  });

  it('drops a connection that stops answering pings', async () => {
    const live = await socketOf(ids.clientA);
    const dead = await socketOf(ids.clientA, { autoPong: false });
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    expect(live.socket.readyState).toBe(live.socket.OPEN);
    live.socket.close();
  });
});
