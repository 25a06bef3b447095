import { NOT_FOUND_RANK } from '@pinpoint/contracts';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  competitors,
  gridConfigs,
  gridScanPoints,
  gridScans,
  productInstances,
} from '../kernel/db/schema';
import { createSeededTestDatabase, type TestDatabase } from '../test/test-database';
import { type SeedReport, startOfUtcDay } from './demo-agency';
import type { GridStory, GridStoryKind } from './grid-stories';
import { HISTORY_SIZE, RANK_GRID_PRODUCTS } from './grids';

const ANCHOR = new Date('2026-11-22T15:30:00Z');
const CENTRE = (HISTORY_SIZE * HISTORY_SIZE - 1) / 2;
let database: TestDatabase;
let report: SeedReport;

// The run's shared demo agency (seeded once, copied for this file): the same seed and day.
beforeAll(async () => {
  ({ database, report } = await createSeededTestDatabase(ANCHOR));
  process.stdout.write(
    `\n[grid seed] ${database.kind}: ${Math.round(report.grids?.ms ?? 0)} ms of ${Math.round(report.ms)} ms\n`,
  );
}, 180_000);
afterAll(() => database?.close());

function story(kind: GridStoryKind): GridStory {
  const found = report.grids?.stories.find((s) => s.kind === kind);
  if (!found) throw new Error(`no ${kind} story`);
  return found;
}

/** A company's seeded scans per config, oldest first. */
async function scansByConfig(companyId: number) {
  const rows = await database.db
    .select()
    .from(gridScans)
    .where(eq(gridScans.companyId, companyId))
    .orderBy(asc(gridScans.configId), asc(gridScans.createdAt));
  const byConfig = new Map<number, typeof rows>();
  for (const row of rows) {
    byConfig.set(row.configId ?? 0, [...(byConfig.get(row.configId ?? 0) ?? []), row]);
  }
  return [...byConfig.values()];
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const atrpOf = (scans: { atrp: number | null }[]) => mean(scans.map((s) => s.atrp ?? 0));

describe('the demo rank grid history', () => {
  it('tracks 2–4 keywords per company, weekly, measured, with nothing due at start', async () => {
    const configs = await database.db.select().from(gridConfigs);
    const perCompany = new Map<number, number>();
    for (const config of configs) {
      perCompany.set(config.companyId, (perCompany.get(config.companyId) ?? 0) + 1);
      expect(config.frequency).toBe('weekly');
      expect(config.active).toBe(true);
      expect(config.nextRunAt?.getTime()).toBeGreaterThan(ANCHOR.getTime());
      expect(config.nextRunAt?.getTime()).toBe((config.lastRunAt?.getTime() ?? 0) + 7 * 86_400_000);
    }
    const companies = await database.db.select({ id: clientCompanies.id }).from(clientCompanies);
    expect(perCompany.size).toBe(companies.length);
    for (const n of perCompany.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }

    // item_id is the company's own profile product when it has one.
    const items = await database.db
      .select({
        slug: productInstances.productSlug,
        same: sql<boolean>`${productInstances.companyId} = ${gridConfigs.companyId}`,
      })
      .from(gridConfigs)
      .innerJoin(productInstances, eq(productInstances.id, gridConfigs.itemId));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(RANK_GRID_PRODUCTS).toContain(item.slug);
      expect(item.same).toBe(true);
    }

    const [stats] = await database.db
      .select({
        scans: sql<number>`count(*)::int`,
        notDone: sql<number>`count(*) filter (where ${gridScans.status} <> 'done' or ${gridScans.origin} <> 'seed')::int`,
        missingColumns: sql<number>`count(*) filter (where ${gridScans.atrp} is null or ${gridScans.foundIn} is null or ${gridScans.configId} is null)::int`,
        oldest: sql<string>`min(${gridScans.createdAt})::text`,
        latest: sql<string>`max(${gridScans.createdAt})::text`,
      })
      .from(gridScans);
    expect(stats?.notDone).toBe(0);
    expect(stats?.missingColumns).toBe(0);
    expect(new Date(stats?.latest ?? '').getTime()).toBeLessThan(ANCHOR.getTime());
    expect(ANCHOR.getTime() - new Date(stats?.oldest ?? '').getTime()).toBeGreaterThan(
      540 * 86_400_000,
    );
    // Every scan has one measured row per point, and ATRP is what those points say.
    const [points] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gridScanPoints);
    expect(points?.n).toBe((stats?.scans ?? 0) * HISTORY_SIZE * HISTORY_SIZE);
    const [sample] = await database.db.select().from(gridScans).limit(1);
    const samplePoints = await database.db
      .select()
      .from(gridScanPoints)
      .where(eq(gridScanPoints.scanId, sample?.id ?? 0));
    expect(mean(samplePoints.map((p) => p.rank ?? NOT_FOUND_RANK))).toBeCloseTo(
      sample?.atrp ?? 0,
      9,
    );
  });

  it('shows a climber: its strong rivals close one by one and its ATRP falls', async () => {
    const climber = story('climber');
    const closings = await database.db
      .select({ closedOn: competitors.closedOn })
      .from(competitors)
      .where(and(eq(competitors.companyId, climber.companyId), isNotNull(competitors.closedOn)));
    expect(closings.length).toBeGreaterThanOrEqual(4);
    const configs = await scansByConfig(climber.companyId);
    expect(configs.length).toBeGreaterThanOrEqual(2);
    for (const scans of configs) {
      const firstQuarter = atrpOf(scans.slice(0, 13));
      const lastQuarter = atrpOf(scans.slice(-13));
      expect(lastQuarter).toBeLessThan(firstQuarter - 2);
    }
  });

  it('shows a dropper: a strong rival opens next door and takes the top spot', async () => {
    const dropper = story('dropper');
    const opened = new Date(`${dropper.pivotDay}T00:00:00Z`);
    expect((startOfUtcDay(ANCHOR).getTime() - opened.getTime()) / 86_400_000).toBe(120);
    const [newcomer] = await database.db
      .select()
      .from(competitors)
      .where(and(eq(competitors.companyId, dropper.companyId), isNotNull(competitors.openedOn)));
    const centreResults = (before: boolean) =>
      database.db
        .select({ rank: gridScanPoints.rank, results: gridScanPoints.results })
        .from(gridScanPoints)
        .innerJoin(gridScans, eq(gridScans.id, gridScanPoints.scanId))
        .where(
          and(
            eq(gridScans.companyId, dropper.companyId),
            eq(gridScanPoints.pointIndex, CENTRE),
            before ? lt(gridScans.createdAt, opened) : gte(gridScans.createdAt, opened),
          ),
        );
    const before = await centreResults(true);
    const after = await centreResults(false);
    expect(before.length).toBeGreaterThan(after.length);
    // Never seen before it opened; first at the company's door ever since, pushing it down.
    expect(before.some((p) => p.results.some((r) => r.placeId === newcomer?.placeId))).toBe(false);
    expect(after.every((p) => p.results[0]?.placeId === newcomer?.placeId)).toBe(true);
    expect(before.filter((p) => p.rank === 1).length / before.length).toBeGreaterThan(0.8);
    expect(after.filter((p) => p.rank === 1)).toHaveLength(0);

    const steps = (await scansByConfig(dropper.companyId)).map((scans) => {
      const pivot = scans.findIndex((s) => s.createdAt >= opened);
      return atrpOf(scans.slice(pivot, pivot + 8)) - atrpOf(scans.slice(pivot - 8, pivot));
    });
    expect(mean(steps)).toBeGreaterThan(0.4);
  });

  it('shows a downtown leader that is weak in the suburbs', async () => {
    const downtown = story('downtown');
    for (const scans of await scansByConfig(downtown.companyId)) {
      const latest = scans.at(-1);
      const points = await database.db
        .select()
        .from(gridScanPoints)
        .where(eq(gridScanPoints.scanId, latest?.id ?? 0));
      const rankAt = (index: number) =>
        points.find((p) => p.pointIndex === index)?.rank ?? NOT_FOUND_RANK;
      const edges = points.filter((p) => p.pointIndex !== CENTRE).map((p) => rankAt(p.pointIndex));
      expect(rankAt(CENTRE)).toBeLessThanOrEqual(2);
      expect(mean(edges)).toBeGreaterThan(rankAt(CENTRE) + 8);
    }
  });
});
