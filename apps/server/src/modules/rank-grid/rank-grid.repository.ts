import type { ScanMetrics } from '@pinpoint/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  clientCompanies,
  gridScanPoints,
  gridScans,
  type StoredPointResult,
  type StoredScanCompetitor,
} from '../../db/schema';

export type ScanRow = typeof gridScans.$inferSelect;
export type ScanPointRow = typeof gridScanPoints.$inferSelect;
export type NewScan = typeof gridScans.$inferInsert;

/** What a point job writes once: a final state (never `unmeasured`). */
export interface PointOutcomeWrite {
  scanId: number;
  pointIndex: number;
  state: 'found' | 'not_found' | 'error';
  rank: number | null;
  results: StoredPointResult[];
  attempts: number;
  fetchedAt: Date;
}

/** Drizzle queries for scans and their points; the rules live in the service and the job. */
export function createRankGridRepository(db: Db) {
  return {
    async company(companyId: number) {
      const [row] = await db
        .select({
          id: clientCompanies.id,
          name: clientCompanies.name,
          googlePlaceId: clientCompanies.googlePlaceId,
          phone: clientCompanies.phone,
          website: clientCompanies.website,
          lat: clientCompanies.latitude,
          lng: clientCompanies.longitude,
        })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row ?? null;
    },

    /** The scan and all its points (pre-created as `unmeasured`) in one transaction. */
    async createScan(
      scan: NewScan,
      points: { pointIndex: number; lat: number; lng: number }[],
    ): Promise<ScanRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(gridScans).values(scan).returning();
        if (!created) throw new Error('the scan was not stored');
        // Chunked: a 21×21 grid is 441 rows, well within one statement's parameter limit.
        for (let start = 0; start < points.length; start += 200) {
          await tx.insert(gridScanPoints).values(
            points.slice(start, start + 200).map((point) => ({
              scanId: created.id,
              ...point,
            })),
          );
        }
        return created;
      });
    },

    async scan(scanId: number): Promise<ScanRow | null> {
      const [row] = await db.select().from(gridScans).where(eq(gridScans.id, scanId));
      return row ?? null;
    },

    async point(scanId: number, pointIndex: number): Promise<ScanPointRow | null> {
      const [row] = await db
        .select()
        .from(gridScanPoints)
        .where(and(eq(gridScanPoints.scanId, scanId), eq(gridScanPoints.pointIndex, pointIndex)));
      return row ?? null;
    },

    async points(scanId: number): Promise<ScanPointRow[]> {
      return db
        .select()
        .from(gridScanPoints)
        .where(eq(gridScanPoints.scanId, scanId))
        .orderBy(asc(gridScanPoints.pointIndex));
    },

    /** The first point job to start moves the scan from queued to running. */
    async markRunning(scanId: number, at: Date): Promise<void> {
      await db
        .update(gridScans)
        .set({ status: 'running', startedAt: at })
        .where(and(eq(gridScans.id, scanId), eq(gridScans.status, 'queued')));
    },

    /**
     * Writes a point's outcome only while it is still `unmeasured`, and in the same
     * transaction counts it done. Answers the scan's new done count, or null when the point
     * already had an outcome (a repeated or concurrent job): then nothing was counted.
     */
    async recordOutcome(
      outcome: PointOutcomeWrite,
    ): Promise<{ done: number; total: number } | null> {
      return db.transaction(async (tx) => {
        // Every point row exists from the request on, so the guarded UPDATE is the upsert:
        // only the first outcome for (scan_id, point_index) changes a row.
        const written = await tx
          .update(gridScanPoints)
          .set({
            state: outcome.state,
            rank: outcome.rank,
            results: outcome.results,
            attempts: outcome.attempts,
            fetchedAt: outcome.fetchedAt,
          })
          .where(
            and(
              eq(gridScanPoints.scanId, outcome.scanId),
              eq(gridScanPoints.pointIndex, outcome.pointIndex),
              eq(gridScanPoints.state, 'unmeasured'),
            ),
          )
          .returning({ pointIndex: gridScanPoints.pointIndex });
        if (written.length === 0) return null;
        const [counted] = await tx
          .update(gridScans)
          .set({ pointsDone: sql`${gridScans.pointsDone} + 1` })
          .where(eq(gridScans.id, outcome.scanId))
          .returning({ done: gridScans.pointsDone, total: gridScans.pointsTotal });
        return counted ?? null;
      });
    },

    async finish(
      scanId: number,
      result: {
        metrics: ScanMetrics;
        competitors: StoredScanCompetitor[];
        status: 'done' | 'failed';
        at: Date;
      },
    ): Promise<void> {
      await db
        .update(gridScans)
        .set({
          status: result.status,
          metrics: result.metrics,
          atrp: result.metrics.atrp,
          arp: result.metrics.arp,
          solv: result.metrics.solv,
          foundIn: result.metrics.foundIn,
          competitors: result.competitors,
          finishedAt: result.at,
        })
        .where(eq(gridScans.id, scanId));
    },
  };
}

export type RankGridRepository = ReturnType<typeof createRankGridRepository>;
