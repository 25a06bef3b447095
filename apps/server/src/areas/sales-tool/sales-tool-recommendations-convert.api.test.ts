import type {
  SalesContainer,
  SalesConvertResponse,
  SalesData,
  SalesRecommendation,
  SalesRecommendationList,
} from '@pinpoint/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, gridScans, salesContainers } from '../../kernel/db/schema';
import { WORKERS_ON } from '../../test/job-test-helpers';
import { createTestApp } from '../../test/test-app';
import { RUN_GRIDS_FIRST } from './sales-recommendations';
import {
  callAs,
  createContainerAs,
  newcomer,
  prospectWithGrids,
  type SalesPeople,
  seedSalesWorld,
} from './sales-tool.test-setup';

// The drafted recommendations, the convert into a client and the external aliases, on a
// prospect whose two grids (plumber, drain cleaning) have finished.

let app: FastifyInstance;
let ids: SalesPeople;
let container: SalesContainer;
let scanIds: number[] = [];

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  ids = await seedSalesWorld(app);
  ({ container, scanIds } = await prospectWithGrids(app, ids.rookie));
}, 90_000);
afterAll(() => app?.close());

const call = (userId: number, options: InjectOptions) => callAs(app, userId, options);
const create = (userId: number, business: object, extra: object = {}) =>
  createContainerAs(app, userId, business, extra);

describe('the sales power tool: recommendations and convert', () => {
  it('drafts recommendations that name the measured weakness, and keeps edited ones', async () => {
    const draft = async () => {
      const res = await call(ids.rookie, {
        method: 'POST',
        url: `/api/sales/containers/${container.id}/recommendations/draft`,
      });
      expect(res.statusCode).toBe(200);
      return res.json<SalesRecommendationList>();
    };
    const first = await draft();
    expect(first.provider).toBe('demo');
    const weak = first.recommendations.find(
      (r) => r.kind === 'weak-area' && r.title.includes('plumber'),
    );
    // 0 of 25 points in the top 3: the grids measured it, and the draft says so.
    expect(weak?.body).toContain('ranks 1–3 at only 0 of 25 points');
    expect(weak?.evidence).toContain('Ranks 1–3 at 0 of 25 points for “plumber”');
    const competitor = first.recommendations.find((r) => r.kind === 'competitor');
    expect(competitor?.evidence.join(' ')).toMatch(/ranks 1–3 at \d+ points/);
    expect(first.recommendations.find((r) => r.kind === 'reviews')?.evidence).toEqual([
      'Rating 4.1 of 5',
      '23 reviews on Google',
    ]);
    expect(first.recommendations.map((r) => r.position)).toEqual(
      first.recommendations.map((_, i) => i + 1),
    );

    const target = first.recommendations[1] as SalesRecommendation;
    const edit = await call(ids.rookie, {
      method: 'PATCH',
      url: `/api/sales/recommendations/${target.id}`,
      payload: { title: 'Our own plan for the south', position: 1 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<SalesRecommendation>()).toMatchObject({ edited: true, position: 1 });
    const badEdit = await call(ids.rookie, {
      method: 'PATCH',
      url: `/api/sales/recommendations/${target.id}`,
      payload: { body: 'short' },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(JSON.stringify(badEdit.json())).toContain('body.body');
    const strangerEdit = await call(ids.other, {
      method: 'PATCH',
      url: `/api/sales/recommendations/${target.id}`,
      payload: { title: 'Not mine to change' },
    });
    expect(strangerEdit.statusCode).toBe(404);

    const second = await draft();
    expect(second.recommendations[0]).toMatchObject({
      id: target.id,
      title: 'Our own plan for the south',
      edited: true,
    });
    const untouched = first.recommendations.filter((r) => r.id !== target.id).map((r) => r.id);
    expect(second.recommendations.some((r) => untouched.includes(r.id))).toBe(false);
    // The edited one, then every fresh draft (its own first version comes back as a draft).
    expect(second.recommendations).toHaveLength(first.recommendations.length + 1);

    const removed = await call(ids.rookie, {
      method: 'DELETE',
      url: `/api/sales/recommendations/${second.recommendations[1]?.id}`,
    });
    expect(removed.statusCode).toBe(200);
    const data = (
      await call(ids.rookie, { method: 'GET', url: `/api/sales/data/${container.id}` })
    ).json<SalesData>();
    expect(data.recommendations.map((r) => r.position)).toEqual(
      data.recommendations.map((_, i) => i + 1),
    );
    expect(data.recommendations).toHaveLength(first.recommendations.length);
  });

  it('asks for grids before drafting, and for a website before page speed', async () => {
    const fresh = (
      await create(ids.rookie, { ...newcomer, placeId: 'ChIJ-sales-fresh', name: 'Fresh Pipes' })
    ).json<SalesContainer>();
    const draft = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${fresh.id}/recommendations/draft`,
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error.message).toBe(RUN_GRIDS_FIRST);
    const speed = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${fresh.id}/page-speed`,
    });
    expect(speed.statusCode).toBe(400);
    expect(speed.json().error.message).toMatch(/no website/);
    const removed = await call(ids.rookie, {
      method: 'DELETE',
      url: `/api/sales/containers/${fresh.id}`,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await app.database.db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.id, fresh.companyId));
    expect(gone).toHaveLength(0);
  });

  it('converts the prospect into a client once, keeping its grids as the client’s', async () => {
    const res = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${container.id}/convert`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SalesConvertResponse>()).toEqual({
      containerId: container.id,
      companyId: container.companyId,
      grids: 2,
    });
    const db = app.database.db;
    const [company] = await db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.id, container.companyId));
    expect(company?.status).toBe('onboarding');
    const [row] = await db
      .select()
      .from(salesContainers)
      .where(eq(salesContainers.id, container.id));
    expect(row?.stage).toBe('won');
    expect(row?.convertedAt).toBeInstanceOf(Date);
    const scans = await db
      .select({ id: gridScans.id, companyId: gridScans.companyId })
      .from(gridScans)
      .where(inArray(gridScans.id, scanIds));
    expect(scans.every((s) => s.companyId === container.companyId)).toBe(true);
    // The client's rank history now counts the prospect's grids.
    const history = await call(ids.rookie, {
      method: 'GET',
      url: `/api/localrank/history/overview?companyId=${container.companyId}`,
    });
    expect(history.statusCode).toBe(200);
    const keywords = history
      .json<{ months: { keywords: { keyword: string; scans: number }[] }[] }>()
      .months.flatMap((m) => m.keywords);
    expect(keywords).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ keyword: 'plumber', scans: 1 }),
        expect.objectContaining({ keyword: 'drain cleaning', scans: 1 }),
      ]),
    );

    const twice = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${container.id}/convert`,
    });
    expect(twice.statusCode).toBe(409);
    const remove = await call(ids.rookie, {
      method: 'DELETE',
      url: `/api/sales/containers/${container.id}`,
    });
    expect(remove.statusCode).toBe(409);
  });

  it('answers the external aliases with the same handlers', async () => {
    const get = await call(ids.rookie, {
      method: 'GET',
      url: `/api/external/sales/containers/get/${container.id}`,
    });
    expect(get.json<SalesContainer>()).toMatchObject({ id: container.id, stage: 'won' });
    const grid = await call(ids.rookie, {
      method: 'GET',
      url: `/api/external/sales/grids/get/${scanIds[0]}`,
    });
    expect(grid.statusCode).toBe(200);
    expect(grid.json()).toMatchObject({ scanId: scanIds[0], keyword: 'plumber' });
    expect(
      (await call(ids.other, { method: 'GET', url: `/api/external/sales/grids/get/${scanIds[0]}` }))
        .statusCode,
    ).toBe(404);
    const recs = await call(ids.rookie, {
      method: 'GET',
      url: `/api/external/sales/recommendations/all/${container.id}`,
    });
    const [first] = recs.json<SalesRecommendationList>().recommendations;
    const put = await call(ids.rookie, {
      method: 'PUT',
      url: `/api/external/sales/recommendations/update/${first?.id}`,
      payload: { body: 'A body written through the external alias.' },
    });
    expect(put.json<SalesRecommendation>()).toMatchObject({ id: first?.id, edited: true });
    const update = await call(ids.rookie, {
      method: 'PUT',
      url: `/api/external/sales/containers/update/${container.id}`,
      payload: { notes: 'Signed on the spot.' },
    });
    expect(update.json<SalesContainer>().notes).toBe('Signed on the spot.');
  });
});
