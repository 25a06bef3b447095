import type {
  PageSpeedJob,
  PageSpeedJobState,
  PageSpeedRun,
  PageSpeedScores,
  PageSpeedStrategy,
  PageSpeedVitals,
} from '@pinpoint/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { pageSpeedJobs, pageSpeedRuns } from '../../kernel/db/schema';

type JobRow = typeof pageSpeedJobs.$inferSelect;
type RunRow = typeof pageSpeedRuns.$inferSelect;
interface MonthRow {
  month: string;
  strategy: string;
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
}

export const ACTIVE_STATES: PageSpeedJobState[] = ['queued', 'running-mobile', 'running-desktop'];

export function toJob(row: JobRow): PageSpeedJob {
  return {
    id: row.id,
    state: row.state as PageSpeedJobState,
    origin: row.origin as PageSpeedJob['origin'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function scoresOf(
  row: Pick<RunRow, 'performance' | 'accessibility' | 'bestPractices' | 'seo'>,
): PageSpeedScores | null {
  if (
    row.performance === null ||
    row.accessibility === null ||
    row.bestPractices === null ||
    row.seo === null
  ) {
    return null;
  }
  return {
    performance: row.performance,
    accessibility: row.accessibility,
    bestPractices: row.bestPractices,
    seo: row.seo,
  };
}

function toRun(row: RunRow): PageSpeedRun {
  return {
    id: row.id,
    strategy: row.strategy as PageSpeedStrategy,
    status: row.status as PageSpeedRun['status'],
    scores: scoresOf(row),
    vitals: (row.vitals as PageSpeedVitals | null) ?? null,
    ranAt: row.ranAt.toISOString(),
    error: row.error,
  };
}

export function createPageSpeedRepository(db: Db) {
  return {
    async job(jobId: number) {
      const [row] = await db.select().from(pageSpeedJobs).where(eq(pageSpeedJobs.id, jobId));
      return row ?? null;
    },
    async latestJob(siteId: number) {
      const [row] = await db
        .select()
        .from(pageSpeedJobs)
        .where(
          and(
            eq(pageSpeedJobs.siteId, siteId),
            inArray(pageSpeedJobs.origin, ['manual', 'scheduled']),
          ),
        )
        .orderBy(desc(pageSpeedJobs.createdAt), desc(pageSpeedJobs.id))
        .limit(1);
      return row ?? null;
    },
    /**
     * A new request for the site, unless one is under way (that one is answered) or a manual
     * one was made less than `minGapMs` ago (`{ tooSoonUntil }`). Decided under a lock on the
     * site, so two clicks at once make one request.
     */
    async createJob(input: {
      siteId: number;
      companyId: number;
      productInstanceId: number | null;
      origin: 'manual' | 'scheduled';
      requestedBy: number | null;
      minGapMs: number;
    }): Promise<{ job: JobRow; created: boolean } | { tooSoonUntil: Date }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${0x5053_0001}, ${input.siteId})`);
        const [active] = await tx
          .select()
          .from(pageSpeedJobs)
          .where(
            and(
              eq(pageSpeedJobs.siteId, input.siteId),
              inArray(pageSpeedJobs.state, ACTIVE_STATES),
            ),
          )
          .limit(1);
        if (active) return { job: active, created: false };
        if (input.origin === 'manual') {
          // The database's clock, the one that stamps created_at.
          const [last] = await tx
            .select({
              until: sql<string>`${pageSpeedJobs.createdAt} + make_interval(secs => ${input.minGapMs / 1000})`,
              recent: sql<boolean>`${pageSpeedJobs.createdAt} > now() - make_interval(secs => ${input.minGapMs / 1000})`,
            })
            .from(pageSpeedJobs)
            .where(and(eq(pageSpeedJobs.siteId, input.siteId), eq(pageSpeedJobs.origin, 'manual')))
            .orderBy(desc(pageSpeedJobs.createdAt))
            .limit(1);
          if (last?.recent) return { tooSoonUntil: new Date(last.until) };
        }
        const [job] = await tx
          .insert(pageSpeedJobs)
          .values({
            siteId: input.siteId,
            companyId: input.companyId,
            productInstanceId: input.productInstanceId,
            origin: input.origin,
            requestedBy: input.requestedBy,
          })
          .returning();
        if (!job) throw new Error('page_speed_jobs insert returned nothing');
        return { job, created: true };
      });
    },
    async setState(jobId: number, state: PageSpeedJobState, error: string | null = null) {
      const finished = state === 'done' || state === 'failed';
      const [row] = await db
        .update(pageSpeedJobs)
        .set({ state, error, ...(finished && { finishedAt: new Date() }) })
        .where(eq(pageSpeedJobs.id, jobId))
        .returning();
      return row ?? null;
    },
    async runOf(jobId: number, strategy: PageSpeedStrategy) {
      const [row] = await db
        .select()
        .from(pageSpeedRuns)
        .where(and(eq(pageSpeedRuns.jobId, jobId), eq(pageSpeedRuns.strategy, strategy)));
      return row ?? null;
    },
    async recordRun(input: {
      siteId: number;
      jobId: number | null;
      strategy: PageSpeedStrategy;
      source: 'demo' | 'live';
      result: { scores: PageSpeedScores; vitals: PageSpeedVitals } | null;
      error: string | null;
      ranAt?: Date;
    }) {
      await db
        .insert(pageSpeedRuns)
        .values({
          siteId: input.siteId,
          jobId: input.jobId,
          strategy: input.strategy,
          status: input.result ? 'done' : 'failed',
          source: input.source,
          ...input.result?.scores,
          vitals: input.result?.vitals ?? null,
          error: input.error,
          ranAt: input.ranAt ?? new Date(),
        })
        .onConflictDoNothing();
    },
    async latestRuns(siteId: number): Promise<Record<PageSpeedStrategy, PageSpeedRun | null>> {
      const rows = await db
        .selectDistinctOn([pageSpeedRuns.strategy])
        .from(pageSpeedRuns)
        .where(eq(pageSpeedRuns.siteId, siteId))
        .orderBy(pageSpeedRuns.strategy, desc(pageSpeedRuns.ranAt), desc(pageSpeedRuns.id));
      const of = (s: PageSpeedStrategy) => {
        const row = rows.find((r) => r.strategy === s);
        return row ? toRun(row) : null;
      };
      return { mobile: of('mobile'), desktop: of('desktop') };
    },
    /** The last successful run of each (month, strategy), oldest month first. */
    async monthly(siteId: number) {
      const result = await db.execute(sql`
        select distinct on (month, strategy)
          to_char(date_trunc('month', ran_at at time zone 'UTC'), 'YYYY-MM') as month,
          strategy, performance, accessibility, best_practices, seo
        from page_speed_runs
        where site_id = ${siteId} and status = 'done'
        order by month, strategy, ran_at desc, id desc`);
      return (result as unknown as { rows: MonthRow[] }).rows;
    },
  };
}
export type PageSpeedRepository = ReturnType<typeof createPageSpeedRepository>;
