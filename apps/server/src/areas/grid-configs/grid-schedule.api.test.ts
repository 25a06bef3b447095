import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKERS_ON } from '../../test/job-test-helpers';
import { createTestApp } from '../../test/test-app';

// What the app decides from its configuration: the tick's cron schedule is stored where
// workers run, except in tests. The scheduler itself: grid-schedule.repo.test.ts.

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
});
afterAll(() => app?.close());

describe('grid schedule cron', () => {
  it('stores the every-minute tick where workers run outside tests', async () => {
    const { app: worker } = await createTestApp({
      config: { jobs: WORKERS_ON, env: 'development' },
    });
    try {
      const { rows } = await worker.database.executeSql(
        'select name, cron from pgboss.schedule where name = $1',
        ['grid-configs.tick'],
      );
      expect(rows).toEqual([{ name: 'grid-configs.tick', cron: '* * * * *' }]);
    } finally {
      await worker.close();
    }
    const { rows } = await app.database.executeSql(
      'select name from pgboss.schedule where name = $1',
      ['grid-configs.tick'],
    );
    expect(rows).toEqual([]);
  });
});
