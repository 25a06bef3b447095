import { type ScanMetrics, TRIAL_COMPANY_STATUS } from '@pinpoint/contracts';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  clientMembers,
  gridScanPoints,
  gridScans,
  leads,
  type StoredPointResult,
  type StoredScanCompetitor,
  users,
} from '../../kernel/db/schema';

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

/**
 * Advisory lock namespaces (the two-int form): one company's scan admissions, and one lead's
 * trial company creation. Each serialises a check with the insert it guards, across processes.
 */
const SCAN_ADMISSION_LOCK = 0x5c4a_0001;
const TRIAL_COMPANY_LOCK = 0x5c4a_0002;

/** What a company has used of its day: points of all its scans, and one user's own requests. */
export interface DailyUsage {
  points: number;
  /** Scans `userId` requested (trial leads are counted per person). */
  scans: number;
}

/**
 * Usage since `since`, on `q` (the app's handle or a transaction's, so an admission check can
 * count inside the transaction that stores the scan).
 */
export async function dailyUsage(
  q: Db,
  { companyId, userId, since }: { companyId: number; userId: number | null; since: Date },
): Promise<DailyUsage> {
  const [points] = await q
    .select({ n: sql<string | null>`sum(${gridScans.pointsTotal})` })
    .from(gridScans)
    .where(and(eq(gridScans.companyId, companyId), gte(gridScans.createdAt, since)));
  let scans = 0;
  if (userId !== null) {
    const [row] = await q
      .select({ n: count() })
      .from(gridScans)
      .where(and(eq(gridScans.requestedBy, userId), gte(gridScans.createdAt, since)));
    scans = Number(row?.n ?? 0);
  }
  return { points: Number(points?.n ?? 0), scans };
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

    /**
     * The scan and all its points (pre-created as `unmeasured`) in one transaction. `admit`,
     * when given, runs first under the company's admission lock and may throw to refuse: a
     * quota check and the insert it allows cannot interleave with another request's.
     */
    async createScan(
      scan: NewScan,
      points: { pointIndex: number; lat: number; lng: number }[],
      admit?: (tx: Db) => Promise<void>,
    ): Promise<ScanRow> {
      return db.transaction(async (tx) => {
        if (admit) {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${SCAN_ADMISSION_LOCK}::int, ${scan.companyId}::int)`,
          );
          await admit(tx);
        }
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

    dailyUsage: (filter: { companyId: number; userId: number | null; since: Date }) =>
      dailyUsage(db, filter),

    /** The trial company a lead's own scans belong to, if it exists yet. */
    async trialCompanyOf(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: clientCompanies.id })
        .from(clientMembers)
        .innerJoin(clientCompanies, eq(clientCompanies.id, clientMembers.companyId))
        .where(
          and(eq(clientMembers.userId, userId), eq(clientCompanies.status, TRIAL_COMPANY_STATUS)),
        )
        .orderBy(asc(clientCompanies.id))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The lead's trial company, created (with the lead as its member) if it does not exist:
     * named after the lead's sign-up record, placed at `location`. Under a per-lead lock, so
     * two first requests at once make one company.
     */
    async ensureTrialCompany(
      userId: number,
      location: { lat: number; lng: number },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${TRIAL_COMPANY_LOCK}::int, ${userId}::int)`,
        );
        const [existing] = await tx
          .select({ id: clientCompanies.id })
          .from(clientMembers)
          .innerJoin(clientCompanies, eq(clientCompanies.id, clientMembers.companyId))
          .where(
            and(eq(clientMembers.userId, userId), eq(clientCompanies.status, TRIAL_COMPANY_STATUS)),
          )
          .limit(1);
        if (existing) return existing.id;
        const [lead] = await tx
          .select()
          .from(leads)
          .where(eq(leads.userId, userId))
          .orderBy(desc(leads.id))
          .limit(1);
        const [user] = await tx.select().from(users).where(eq(users.id, userId));
        const name =
          lead?.company.trim() ||
          [user?.firstName, user?.lastName].filter(Boolean).join(' ') ||
          'My business';
        const [company] = await tx
          .insert(clientCompanies)
          .values({
            name,
            label: name,
            status: TRIAL_COMPANY_STATUS,
            latitude: location.lat,
            longitude: location.lng,
            city: lead?.city ?? null,
            state: lead?.state ?? null,
            postalCode: lead?.zip ?? null,
            phone: lead?.phoneNumber ?? null,
            website: lead?.webAddress ?? null,
            email: lead?.email ?? user?.email ?? null,
          })
          .returning({ id: clientCompanies.id });
        if (!company) throw new Error('the trial company was not stored');
        await tx.insert(clientMembers).values({ userId, companyId: company.id });
        return company.id;
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
