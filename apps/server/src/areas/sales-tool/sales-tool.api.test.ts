import type {
  SalesBatchResponse,
  SalesContainer,
  SalesContainerList,
  SalesData,
  SalesHistory,
} from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, gridScans, salesRuns } from '../../kernel/db/schema';
import { badRequest } from '../../kernel/lib/app-error';
import { WORKERS_ON } from '../../test/job-test-helpers';
import { createTestApp } from '../../test/test-app';
import { createContainerAccess } from './sales-access';
import { createSalesBatch } from './sales-batch';
import { createSalesToolRepository } from './sales-tool.repository';
import {
  callAs,
  createContainerAs,
  GRID,
  newcomer,
  type SalesPeople,
  seedSalesWorld,
  waitForScansDone,
} from './sales-tool.test-setup';

// Workspaces, batches of grids, their data and history, and who may see them. The drafts and
// the convert are in sales-tool-recommendations-convert.api.test.ts.

let app: FastifyInstance;
let ids: SalesPeople;

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  ids = await seedSalesWorld(app);
});
afterAll(() => app?.close());

const call = (userId: number, options: InjectOptions) => callAs(app, userId, options);
const create = (userId: number, business: object, extra: object = {}) =>
  createContainerAs(app, userId, business, extra);
const scansDone = (scanIds: number[]) => waitForScansDone(app, scanIds);

describe('the sales power tool: workspaces, batches and data', () => {
  let container: SalesContainer;
  let scanIds: number[] = [];

  it('refuses a bad workspace with the error envelope and field paths', async () => {
    const res = await create(ids.rookie, { name: '', lat: 91 }, { keywords: ['x', 'x'] });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details: { path: string }[] } }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const paths = body.error.details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.business.placeId', 'body.business.name', 'body.keywords.0']),
    );
  });

  it('makes one workspace per business, with the category as its first keyword', async () => {
    const first = await create(ids.rookie, newcomer);
    expect(first.statusCode).toBe(200);
    container = first.json<SalesContainer>();
    expect(container).toMatchObject({
      name: 'Newcomer Plumbing',
      stage: 'prospecting',
      ownerId: ids.rookie,
      ownerName: 'Rook Ie',
      keywords: ['plumber'],
      rating: 4.1,
      reviewCount: 23,
      placeId: newcomer.placeId,
      listings: null,
      pageSpeed: null,
    });
    const again = await create(ids.rookie, newcomer);
    expect(again.json<SalesContainer>().id).toBe(container.id);
    const [company] = await app.database.db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.id, container.companyId));
    expect(company?.status).toBe('prospect');
  });

  it('forecasts a batch without storing anything', async () => {
    const res = await call(ids.rookie, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: {
        containerId: container.id,
        keywords: ['plumber', 'drain cleaning'],
        grid: GRID,
        forecastOnly: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<SalesBatchResponse>();
    expect(body.run).toBeNull();
    expect(body.forecast).toMatchObject({ scans: 2, points: 50, estimatedCents: 0 });
    const runs = await app.database.db
      .select()
      .from(salesRuns)
      .where(eq(salesRuns.containerId, container.id));
    expect(runs).toHaveLength(0);
  });

  it('runs a grid per keyword on the prospect and shows them with competitors', async () => {
    const res = await call(ids.rookie, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: { containerId: container.id, keywords: ['plumber', 'drain cleaning'], grid: GRID },
    });
    expect(res.statusCode).toBe(200);
    const { run } = res.json<SalesBatchResponse>();
    expect(run?.grids.map((g) => g.keyword)).toEqual(['plumber', 'drain cleaning']);
    expect(run?.requestedByName).toBe('Rook Ie');
    scanIds = run?.grids.map((g) => g.scanId) ?? [];
    await scansDone(scanIds);

    const data = (
      await call(ids.rookie, { method: 'GET', url: `/api/sales/data/${container.id}` })
    ).json<SalesData>();
    expect(data.container.keywords).toEqual(['plumber', 'drain cleaning']);
    expect(data.grids.map((g) => [g.keyword, g.status, g.runId])).toEqual(
      expect.arrayContaining([
        ['plumber', 'done', run?.id],
        ['drain cleaning', 'done', run?.id],
      ]),
    );
    for (const grid of data.grids) expect(grid.metrics).toMatchObject({ points: 25, top3: 0 });
    expect(data.competitors.length).toBeGreaterThan(0);
    expect(data.competitors.map((c) => c.name)).not.toContain('Newcomer Plumbing');
    const [leader] = data.competitors;
    expect(leader?.top3Points).toBeGreaterThan(0);
    expect(leader?.strongestArea).toMatch(/^(centre|(north|south)(-(east|west))?|east|west)$/);

    const history = (
      await call(ids.rookie, { method: 'GET', url: `/api/sales/history/${container.id}` })
    ).json<SalesHistory>();
    expect(history.runs).toHaveLength(1);
    expect(history.runs[0]?.grids.every((g) => g.status === 'done')).toBe(true);
  }, 90_000);

  it('lets only the owner and admins see a workspace', async () => {
    for (const url of [`/api/sales/find/${container.id}`, `/api/sales/data/${container.id}`]) {
      const stranger = await call(ids.other, { method: 'GET', url });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().error.message).toBe('No such prospect workspace.');
      expect((await call(ids.admin, { method: 'GET', url })).statusCode).toBe(200);
    }
    const list = (userId: number, query = '') =>
      call(userId, { method: 'GET', url: `/api/sales/containers${query}` }).then((r) =>
        r.json<SalesContainerList>(),
      );
    expect((await list(ids.rookie)).items.map((i) => i.id)).toContain(container.id);
    expect((await list(ids.other, '?owner=all')).total).toBe(0);
    expect((await list(ids.admin)).total).toBe(0);
    const all = await list(ids.admin, '?owner=all&q=newcomer&stage=prospecting');
    expect(all.items).toHaveLength(1);
    expect(all.items[0]).toMatchObject({ grids: 2, recommendations: 0, latestAtrp: 21 });
    expect((await list(ids.admin, '?owner=all&q=nobody')).total).toBe(0);
    const batch = await call(ids.other, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: { containerId: container.id, keywords: ['plumber'], grid: GRID },
    });
    expect(batch.statusCode).toBe(404);
  });

  it('leaves nothing behind when a scan of the batch is refused', async () => {
    const db = app.database.db;
    const repo = createSalesToolRepository(db);
    let calls = 0;
    const batch = createSalesBatch({
      db,
      ownedContainer: createContainerAccess(repo),
      rankGrid: {
        provider: app.areas['rank-grid'].rankGrid.provider,
        service: {
          // The first keyword's scan is stored for real; the second is refused.
          startScan: async (input) => {
            calls += 1;
            if (calls === 2) throw badRequest('The search provider refused this grid.');
            return app.areas['rank-grid'].rankGrid.service.startScan(input);
          },
        },
      },
    });
    const principal = {
      userId: ids.rookie,
      perm: true,
      admin: false,
      lead: false,
      memberOf: [],
      assignedTo: [container.companyId],
    };
    const scansBefore = await db
      .select({ id: gridScans.id })
      .from(gridScans)
      .where(eq(gridScans.companyId, container.companyId));
    const refused = await batch(principal, {
      containerId: container.id,
      keywords: ['water heater', 'leak repair'],
      grid: GRID,
      forecastOnly: false,
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect((refused as Error).message).toContain('The search provider refused this grid.');
    const scansAfter = await db
      .select({ id: gridScans.id })
      .from(gridScans)
      .where(eq(gridScans.companyId, container.companyId));
    expect(scansAfter).toEqual(scansBefore);
    const runs = await db.select().from(salesRuns).where(eq(salesRuns.containerId, container.id));
    expect(runs).toHaveLength(1);
  });
});
