import { batchStartResponseSchema } from '@pinpoint/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../kernel/db/open-database';
import { gridBatches, gridScans } from '../../kernel/db/schema';
import { buildApp } from '../../main/app';
import { WORKERS_ON, waitFor } from '../../test/job-test-helpers';
import { TEST_ORIGIN, testConfig } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { cookieOf, insertCompany, insertConfig, insertUsers } from './grid-batches.fixtures';
import { createGridBatchesRepository } from './grid-batches.repository';
import { createGridBatchesService } from './grid-batches.service';

/**
 * Two server processes on one PostgreSQL, both running workers: scans finish on either, each
 * wakes its batch there, and extra advances race from both sides. PGlite is one in-process
 * database, so this runs only with DATABASE_URL.
 */
describe.skipIf(!process.env.DATABASE_URL)('a batch shared by two servers (PostgreSQL)', () => {
  let keeper: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function server() {
    const database = await openDatabase(
      { kind: 'postgres', url: keeper.url as string },
      { poolSize: 4 },
    );
    const app = await buildApp({ config: testConfig({ jobs: WORKERS_ON }), database });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    keeper = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await keeper?.close();
  });

  it('never starts a config twice nor runs more than the concurrency', async () => {
    const one = await server();
    const two = await server();
    const companies = [
      await insertCompany(one, 'Shared Alpha Plumbing', 0),
      await insertCompany(one, 'Shared Beta Plumbing', 6),
      await insertCompany(one, 'Shared Gamma Plumbing', -6),
    ];
    for (const company of companies) {
      await insertConfig(one, company, 'plumber');
      await insertConfig(one, company, 'drain cleaning');
    }
    const users = await insertUsers(one, 'shared', companies[0]?.id ?? 0);
    const res = await two.inject({
      method: 'POST',
      url: '/api/liverank/batch',
      headers: { cookie: await cookieOf(two, users.admin), origin: TEST_ORIGIN },
      payload: { concurrency: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const batchId = batchStartResponseSchema.parse(res.json()).batch?.id ?? 0;

    // Extra advances from both servers while the queue moves the batch on.
    const services = [one, two].map((app) =>
      createGridBatchesService({
        repo: createGridBatchesRepository(app.database.db),
        provider: app.areas['rank-grid'].rankGrid.provider,
        scans: app.areas['rank-grid'].rankGrid.service,
        events: { publish: () => {} },
      }),
    );
    const row = () => one.database.db.select().from(gridBatches).where(eq(gridBatches.id, batchId));
    await waitFor(async () => {
      await Promise.all(services.flatMap((s) => [s.advance(batchId), s.advance(batchId)]));
      const [batch] = await row();
      return batch?.status === 'running' ? null : batch;
    }, 120_000);

    const scans = await one.database.db
      .select()
      .from(gridScans)
      .where(eq(gridScans.batchId, batchId))
      .orderBy(asc(gridScans.createdAt));
    const configIds = scans.map((s) => s.configId);
    expect(configIds).toHaveLength(6);
    expect(new Set(configIds).size).toBe(6);
    for (const scan of scans) {
      const open = scans.filter(
        (other) =>
          other.createdAt <= scan.createdAt &&
          (other.finishedAt ?? new Date(8e15)) > scan.createdAt,
      );
      expect(open.length).toBeLessThanOrEqual(2);
    }
    const [batch] = await row();
    expect(batch).toMatchObject({ status: 'done', scansDone: 6 });
  }, 180_000);
});
