import {
  buildGrid,
  type SalesBatchResponse,
  type SalesForecast,
  type salesBatchRequestSchema,
} from '@pinpoint/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { gridScans, salesContainers, salesRuns, users } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, badRequest } from '../../kernel/lib/app-error';
import { CostCeilingExceededError, type SearchProvider } from '../../providers/search/port';
import type { RankGridService } from '../rank-grid';
import { type OwnedContainer, refuseWon } from './sales-access';
import { loadScans } from './sales-analysis';
import { toRun } from './sales-tool.service';

type BatchInput = z.output<typeof salesBatchRequestSchema>;

export interface SalesBatchDeps {
  db: Db;
  ownedContainer: OwnedContainer;
  /** The app's rank grid engine: one provider per process (its cost and ceiling). */
  rankGrid: { service: Pick<RankGridService, 'startScan'>; provider: SearchProvider };
}

const gridField = (message: string) => badRequest(message, [{ path: 'body.grid.size', message }]);

/**
 * A prospect batch: one square grid per keyword, centred on the business, on its prospect
 * company. The forecast is what the search provider would charge for every point; a batch
 * a single scan's ceiling refuses stores nothing.
 */
export function createSalesBatch({ db, ownedContainer, rankGrid }: SalesBatchDeps) {
  const { provider } = rankGrid;

  return async function batch(
    principal: Principal,
    input: BatchInput,
  ): Promise<SalesBatchResponse> {
    const row = await ownedContainer(principal, input.containerId);
    const { container, company } = row;
    if (company.lat === null || company.lng === null) {
      throw badRequest('This business has no location, so its grids have no centre.');
    }
    let pointsPerScan: number;
    try {
      pointsPerScan = buildGrid({
        size: input.grid.size,
        radius: input.grid.radius,
        unit: input.grid.unit,
        shape: 'square',
        centre: { lat: company.lat, lng: company.lng },
        disabledPoints: [],
      }).enabledCount;
    } catch (error) {
      throw gridField(error instanceof Error ? error.message : 'These grid settings are refused.');
    }
    const points = pointsPerScan * input.keywords.length;
    const forecast: SalesForecast = {
      scans: input.keywords.length,
      points,
      estimatedCents: provider.estimateCost(points),
      scanCeilingCents: provider.checkCost(0).ceilingCents,
    };
    if (input.forecastOnly) return { forecast, run: null };

    refuseWon(row, 'run its grids');
    // Every scan has the same size, so one check says whether any would be refused.
    try {
      provider.checkCost(pointsPerScan);
    } catch (error) {
      if (error instanceof CostCeilingExceededError) throw gridField(error.message);
      throw error;
    }

    const [run] = await db
      .insert(salesRuns)
      .values({
        containerId: container.id,
        requestedBy: principal.userId,
        keywords: input.keywords,
        size: input.grid.size,
        radius: input.grid.radius,
        unit: input.grid.unit,
        estimatedCents: forecast.estimatedCents,
      })
      .returning();
    if (!run) throw new Error('the sales run was not stored');

    const scanIds: number[] = [];
    try {
      for (const keyword of input.keywords) {
        const started = await rankGrid.service.startScan({
          companyId: container.companyId,
          keyword,
          settings: {
            size: input.grid.size,
            radius: input.grid.radius,
            unit: input.grid.unit,
            shape: 'square',
            disabledPoints: [],
            centre: { lat: company.lat, lng: company.lng },
          },
          requestedBy: principal.userId,
          origin: 'manual',
        });
        scanIds.push(started.scanId);
      }
    } catch (error) {
      // Nothing half-written: the scans already started go (their queued points then find
      // no scan and stop), and so does the run.
      if (scanIds.length > 0) await db.delete(gridScans).where(inArray(gridScans.id, scanIds));
      await db.delete(salesRuns).where(eq(salesRuns.id, run.id));
      if (error instanceof AppError && error.statusCode === 400) {
        const message = error.message;
        throw gridField(`The batch was not started: ${message}`);
      }
      throw error;
    }

    const [stored] = await db
      .update(salesRuns)
      .set({ scanIds })
      .where(eq(salesRuns.id, run.id))
      .returning();
    await db
      .update(salesContainers)
      .set({
        keywords: input.keywords,
        gridSize: input.grid.size,
        gridRadius: input.grid.radius,
        gridUnit: input.grid.unit,
        updatedAt: new Date(),
      })
      .where(eq(salesContainers.id, container.id));
    const scans = await loadScans(db, container.companyId, scanIds);
    const [requester] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, principal.userId));
    const requestedBy = requester ? `${requester.first} ${requester.last}`.trim() || null : null;
    return {
      forecast,
      run: toRun(stored ?? { ...run, scanIds }, requestedBy, new Map(scans.map((s) => [s.id, s]))),
    };
  };
}
