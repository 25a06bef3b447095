import { DEMO_PASSWORD, REALTIME_CLOSE } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSocket } from '../../test/socket-client';
import { type SpawnedServer, spawnServer } from '../../test/spawn-server';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** The anchor the seed tests use, so the run seeds the agency once for all of them. */
const SEEDED_ANCHOR = new Date('2026-11-22T00:00:00Z');

/**
 * Two server processes on one PostgreSQL database: an event raised on one reaches a socket
 * connected to the other, through LISTEN/NOTIFY. (PGlite is one process by nature.)
 */
describe.skipIf(!onPostgres)('realtime events across server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  const servers: SpawnedServer[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    // A copy of the run's seeded demo agency: the servers find it there and seed nothing,
    // where seeding it at start-up took most of a minute on a slow machine in CI.
    ({ database } = await createSeededTestDatabase(SEEDED_ANCHOR));
    const env = { DATABASE_URL: database.url ?? '', PINPOINT_DEMO: '1', LOG_LEVEL: 'warn' };
    for (let i = 0; i < 2; i++) {
      const server = spawnServer(env);
      servers.push(server);
      ports.push(await server.ready);
    }
    // The first file to ask for the seeded agency seeds it (20–70 s), then two server starts.
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
  });

  const originOf = (port: number) => `http://localhost:${port}`;

  async function signIn(port: number, email: string): Promise<string> {
    const res = await fetch(`${originOf(port)}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: originOf(port) },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pinpoint_session='));
    return cookie?.split(';')[0] ?? '';
  }

  it('delivers an event raised on one process to a socket on the other', async () => {
    const [first, second] = ports as [number, number];
    const cookie = await signIn(second, 'employee@demo.pinpoint.local');
    const socket = await openTestSocket(`ws://localhost:${second}/ws`, {
      cookie,
      origin: originOf(second),
    });
    await socket.next('welcome');

    const report = await fetch(`${originOf(first)}/api/status/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: originOf(first) },
      body: JSON.stringify({ message: 'Raised on the first process', page: '/dashboard/overview' }),
    });
    expect(report.status).toBe(200);
    const event = await socket.next('error-log.changed');
    expect(event.payload).toMatchObject({ message: 'Raised on the first process', count: 1 });
    socket.socket.close();
  });

  it('closes, on the other process, the sockets of a session signed out on one', async () => {
    const [first, second] = ports as [number, number];
    const cookie = await signIn(first, 'client@demo.pinpoint.local');
    const socket = await openTestSocket(`ws://localhost:${second}/ws`, {
      cookie,
      origin: originOf(second),
    });
    await socket.next('welcome');
    const res = await fetch(`${originOf(first)}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: originOf(first), cookie },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  // Each process keeps sessions and client records for a few seconds (SESSION_CACHE_TTL_MS,
  // CLIENT_RECORD_TTL_MS: 5 s). A change on one process must reach the other's cache through
  // the bus, well before the entry would lapse by itself. A socket on the other process
  // shows when the bus brought the change there: each process drops its cached copy as the
  // event arrives, before handing the event to its sockets, so the very next read is fresh.
  it('refuses at once, on the other process, a session signed out on one', async () => {
    const [first, second] = ports as [number, number];
    const cookie = await signIn(first, 'client@demo.pinpoint.local');
    const clients = await fetch(`${originOf(second)}/api/uni/user/clients`, {
      headers: { cookie },
    });
    expect(clients.status).toBe(200);
    const socket = await openTestSocket(`ws://localhost:${second}/ws`, {
      cookie,
      origin: originOf(second),
    });
    await socket.next('welcome');
    const res = await fetch(`${originOf(first)}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: originOf(first), cookie },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await socket.next('session.ended');
    const after = await fetch(`${originOf(second)}/api/uni/user/clients`, {
      headers: { cookie },
    });
    expect(after.status).toBe(401);
  });

  it('reads afresh, on the other process, a client record saved on one', async () => {
    const [first, second] = ports as [number, number];
    const cookie = await signIn(first, 'client@demo.pinpoint.local');
    const list = await fetch(`${originOf(first)}/api/uni/user/clients`, { headers: { cookie } });
    const companyId = ((await list.json()) as { clients: { id: number }[] }).clients[0]?.id;
    const read = async () => {
      const res = await fetch(`${originOf(second)}/api/uni/client/${companyId}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { addressLine2: string | null }).addressLine2;
    };
    const before = await read();
    const suite = `Suite ${Date.now() % 1000}`;
    expect(before).not.toBe(suite);
    const socket = await openTestSocket(`ws://localhost:${second}/ws`, {
      cookie,
      origin: originOf(second),
    });
    await socket.next('welcome');
    const saved = await fetch(`${originOf(first)}/api/uni/client/${companyId}/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: originOf(first), cookie },
      body: JSON.stringify({ addressLine2: suite }),
    });
    expect(saved.status).toBe(200);
    await socket.next('client.changed');
    expect(await read()).toBe(suite);
    socket.socket.close();
  });
});
