import {
  PROSPECT_COMPANY_STATUS,
  SALES_PAGE_SIZE,
  type SalesContainer,
  type SalesContainerList,
  type SalesConvertResponse,
  type SalesData,
  type SalesGrid,
  type SalesHistory,
  type SalesRun,
  type salesContainerCreateSchema,
  type salesContainerListQuerySchema,
  type salesContainerUpdateSchema,
} from '@pinpoint/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, gridScans, salesContainers } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { conflict, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { CustomRankRepository } from '../custom-rank';
import { createContainerAccess, mayWork, NO_SUCH_WORKSPACE } from './sales-access';
import { competitorsOf, loadLatestGrids, loadScans } from './sales-analysis';
import { gridOfProspect, gridOfScan, toContainer, toRecommendation } from './sales-tool.mappers';
import type { RunRow, SalesToolRepository } from './sales-tool.repository';

type CreateInput = z.output<typeof salesContainerCreateSchema>;
type UpdateInput = z.output<typeof salesContainerUpdateSchema>;
type ListQuery = z.output<typeof salesContainerListQuerySchema>;

/** A converted prospect starts as a client being set up (no products yet). */
export const CONVERTED_COMPANY_STATUS = 'onboarding';
const NO_SUCH_GRID = 'No such grid.';

export interface SalesToolServiceDeps {
  db: Db;
  repo: SalesToolRepository;
  customRank: Pick<CustomRankRepository, 'ensureProspect'>;
  events?: EventPublisher;
}

/** scanId → the run that started it. */
function runOfScan(runs: { run: RunRow }[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const { run } of runs) for (const scanId of run.scanIds) map.set(scanId, run.id);
  return map;
}

/** Prospect workspaces: the list, one workspace, its data and history, conversion. */
export function createSalesToolService({ db, repo, customRank, events }: SalesToolServiceDeps) {
  const ownedContainer = createContainerAccess(repo);
  const tellAccessChanged = (userId: number) =>
    events?.publish({ type: 'access.changed', payload: {}, audience: { user: userId } });

  async function find(principal: Principal, id: number): Promise<SalesContainer> {
    return toContainer(await ownedContainer(principal, id));
  }

  return {
    ownedContainer,
    find,

    async list(principal: Principal, query: ListQuery): Promise<SalesContainerList> {
      // `all` widens the list for admins only; an employee sees their own either way.
      const ownerId = query.owner === 'all' && principal.admin ? null : principal.userId;
      const { rows, total } = await repo.list({
        ownerId,
        ...(query.q && { q: query.q }),
        ...(query.stage && { stage: query.stage }),
        limit: SALES_PAGE_SIZE,
        offset: (query.page - 1) * SALES_PAGE_SIZE,
      });
      return {
        items: rows.map((row) => {
          const container = toContainer(row);
          return {
            id: container.id,
            companyId: container.companyId,
            name: container.name,
            stage: container.stage,
            ownerName: container.ownerName,
            address: container.address,
            keywords: container.keywords,
            updatedAt: container.updatedAt,
            createdAt: container.createdAt,
            grids: Number(row.grids),
            latestAtrp: row.latestAtrp === null ? null : Number(row.latestAtrp),
            recommendations: Number(row.recommendations),
          };
        }),
        page: query.page,
        pageSize: SALES_PAGE_SIZE,
        total,
      };
    },

    /**
     * The caller's workspace for a business: their prospect company for the place (made once
     * per employee and place, custom rank's rule) and one container per company, so a second
     * create for the same business answers the workspace that exists.
     */
    async create(principal: Principal, input: CreateInput): Promise<SalesContainer> {
      const { rating, reviewCount, ...business } = input.business;
      const company = await customRank.ensureProspect(principal.userId, business);
      // Sockets opened before the assignment existed re-read their access, so the scans'
      // progress events reach this employee.
      if (company.created) tellAccessChanged(principal.userId);
      const existing = await repo.containerOfCompany(company.id);
      if (existing) return find(principal, existing.id);
      const keywords =
        input.keywords ?? (business.category ? [business.category.trim().toLowerCase()] : []);
      const id = await repo.insertContainer({
        companyId: company.id,
        ownerId: principal.userId,
        name: business.name,
        keywords,
        ...(input.grid && {
          gridSize: input.grid.size,
          gridRadius: input.grid.radius,
          gridUnit: input.grid.unit,
        }),
        rating: rating ?? null,
        reviewCount: reviewCount ?? null,
      });
      return find(principal, id);
    },

    async update(principal: Principal, id: number, input: UpdateInput): Promise<SalesContainer> {
      await ownedContainer(principal, id);
      await repo.updateContainer(id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.stage !== undefined && { stage: input.stage }),
        ...(input.keywords !== undefined && { keywords: input.keywords }),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.grid && {
          gridSize: input.grid.size,
          gridRadius: input.grid.radius,
          gridUnit: input.grid.unit,
        }),
      });
      return find(principal, id);
    },

    /**
     * Removes a workspace that was not won, with its prospect company (its scans go with
     * it). A company that is a client by now is never deleted here, only the container.
     */
    async remove(principal: Principal, id: number): Promise<void> {
      const row = await ownedContainer(principal, id);
      if (row.container.stage === 'won') {
        throw conflict(`${row.container.name} is a client now: its workspace is kept.`);
      }
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(clientCompanies)
          .where(
            and(
              eq(clientCompanies.id, row.container.companyId),
              eq(clientCompanies.status, PROSPECT_COMPANY_STATUS),
            ),
          )
          .returning({ id: clientCompanies.id });
        if (deleted.length === 0)
          await tx.delete(salesContainers).where(eq(salesContainers.id, id));
      });
      if (row.container.ownerId !== null) tellAccessChanged(row.container.ownerId);
    },

    /** Everything the workspace shows, from our tables: latest grid per keyword, competitors… */
    async data(principal: Principal, id: number): Promise<SalesData> {
      const row = await ownedContainer(principal, id);
      const [grids, runs, recommendations] = await Promise.all([
        loadLatestGrids(db, row.container.companyId),
        repo.runs(id),
        repo.recommendations(id),
      ]);
      const runOf = runOfScan(runs);
      return {
        container: toContainer(row),
        grids: grids.map((grid) => gridOfProspect(grid, runOf.get(grid.scanId) ?? null)),
        competitors: competitorsOf(grids, {
          name: row.container.name,
          placeId: row.company.placeId,
        }),
        recommendations: recommendations.map(toRecommendation),
      };
    },

    /** One grid (a scan of a workspace's company), seen by whoever works the workspace. */
    async grid(principal: Principal, scanId: number): Promise<SalesGrid> {
      const [scan] = await db.select().from(gridScans).where(eq(gridScans.id, scanId)).limit(1);
      const container = scan ? await repo.containerOfCompany(scan.companyId) : null;
      if (!scan || !container || !mayWork(principal, container)) throw notFound(NO_SUCH_GRID);
      const runs = await repo.runs(container.id);
      return gridOfScan(scan, runOfScan(runs).get(scan.id) ?? null);
    },

    async history(principal: Principal, id: number): Promise<SalesHistory> {
      const row = await ownedContainer(principal, id);
      const runs = await repo.runs(id);
      const scans = await loadScans(
        db,
        row.container.companyId,
        runs.flatMap(({ run }) => run.scanIds),
      );
      const byId = new Map(scans.map((scan) => [scan.id, scan]));
      return {
        containerId: id,
        runs: runs.map(({ run, requestedByName }) => toRun(run, requestedByName, byId)),
      };
    },

    /**
     * The prospect becomes a client, in one transaction: its company leaves the `prospect`
     * status (so client lists, pickers and rank history show it, with its grids as the
     * first history) and the workspace is marked won. A second conversion is refused.
     */
    async convert(principal: Principal, id: number): Promise<SalesConvertResponse> {
      const row = await ownedContainer(principal, id);
      const converted = await db.transaction(async (tx) => {
        const [won] = await tx
          .update(salesContainers)
          .set({ stage: 'won', convertedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(salesContainers.id, id), isNull(salesContainers.convertedAt)))
          .returning({ id: salesContainers.id });
        if (!won) return false;
        await tx
          .update(clientCompanies)
          .set({ status: CONVERTED_COMPANY_STATUS })
          .where(
            and(
              eq(clientCompanies.id, row.container.companyId),
              eq(clientCompanies.status, PROSPECT_COMPANY_STATUS),
            ),
          );
        return true;
      });
      if (!converted) throw conflict(`${row.container.name} is a client already.`);
      // The owner's landing page and client pickers now include the company.
      if (row.container.ownerId !== null) tellAccessChanged(row.container.ownerId);
      const [grids] = await db
        .select({ n: count() })
        .from(gridScans)
        .where(eq(gridScans.companyId, row.container.companyId));
      return { containerId: id, companyId: row.container.companyId, grids: Number(grids?.n ?? 0) };
    },
  };
}

/** A run with its grids in keyword order, as they are now (a scan deleted since is left out). */
export function toRun(
  run: RunRow,
  requestedByName: string | null,
  scans: Map<number, Parameters<typeof gridOfScan>[0]>,
): SalesRun {
  return {
    id: run.id,
    containerId: run.containerId,
    keywords: run.keywords,
    grid: { size: run.size, radius: run.radius, unit: run.unit === 'km' ? 'km' : 'mi' },
    estimatedCents: run.estimatedCents,
    createdAt: run.createdAt.toISOString(),
    requestedByName,
    grids: run.scanIds.flatMap((scanId) => {
      const scan = scans.get(scanId);
      return scan ? [gridOfScan(scan, run.id)] : [];
    }),
  };
}

export type SalesToolService = ReturnType<typeof createSalesToolService>;
export { NO_SUCH_WORKSPACE };
