// The server side of the realtime benchmark, in its own process: the whole app on PGlite
// in memory, one signed-in user, and a line protocol on stdin so the bench process can ask
// for a broadcast ("publish") or this process's memory ("memory") without sharing its
// event loop with the 1,000 clients.
import { createInterface } from 'node:readline';
import { users } from '../apps/server/src/kernel/db/schema';
import { sessionCookieOf } from '../apps/server/src/test/test-app';
import { benchApp } from './bench-app';

const app = await benchApp({ pointConcurrency: 1, postgresUrl: process.env.BENCH_POSTGRES_URL });
const [user] = await app.database.db
  .insert(users)
  .values({ email: 'bench-socket@pinpoint.local', firstName: 'Bench', lastName: 'Socket' })
  .returning({ id: users.id });
if (!user) throw new Error('bench user not stored');
const cookie = await sessionCookieOf(app, user.id);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const say = (message: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(message)}\n`);
say({ ready: true, address, cookie });

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed, connections: app.realtime.connectionCount() };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.startsWith('publish ')) {
    // An announcement every signed-in socket may receive; its id tells the rounds apart.
    const id = Number(line.slice('publish '.length));
    app.realtime.publish({
      type: 'error-log.changed',
      payload: {
        id,
        change: 'created',
        message: 'bench',
        page: '/bench',
        count: 1,
        resolved: false,
        at: new Date().toISOString(),
      },
      audience: { everyone: true },
    });
  } else if (line === 'memory') say({ memory: memory() });
  else if (line === 'quit') break;
}
await app.close();
process.exit(0);
