import {
  type SalesListings,
  type SalesPageSpeed,
  type SalesRecommendation,
  type SalesRecommendationList,
  salesListingsSchema,
  salesPageSpeedSchema,
  type salesRecommendationUpdateSchema,
  TOP_RANK_CUTOFF,
} from '@pinpoint/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { salesRecommendations } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, badRequest, notFound } from '../../kernel/lib/app-error';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type {
  LlmProvider,
  SalesGridFacts,
  SalesRecommendationPrompt,
} from '../../providers/llm/port';
import { mayWork, type OwnedContainer, refuseWon } from './sales-access';
import { areaOf, competitorsOf, loadLatestGrids, type ProspectGrid } from './sales-analysis';
import { toRecommendation } from './sales-tool.mappers';
import type { ContainerWithCompany, SalesToolRepository } from './sales-tool.repository';

type UpdateInput = z.output<typeof salesRecommendationUpdateSchema>;

export const RUN_GRIDS_FIRST = 'Run the grids first: recommendations come from measured data.';
const NO_SUCH_RECOMMENDATION = 'No such recommendation.';

/** One finished grid in the drafter's terms: counts per compass area, reach, leaders. */
export function gridFacts(grid: ProspectGrid, business: { name: string; placeId: string | null }) {
  const measured = grid.points.filter((p) => p.state === 'found' || p.state === 'not_found');
  const spacing = grid.size > 1 ? (2 * grid.radius) / (grid.size - 1) : 0;
  const half = (grid.size - 1) / 2;
  const areas = new Map<string, { area: string; points: number; top3: number; found: number }>();
  let top3Within: number | null = null;
  let top3Points = 0;
  for (const point of measured) {
    const area = areaOf(point.index, grid.size);
    const entry = areas.get(area) ?? { area, points: 0, top3: 0, found: 0 };
    entry.points += 1;
    if (point.rank !== null) entry.found += 1;
    if (point.rank !== null && point.rank <= TOP_RANK_CUTOFF) {
      entry.top3 += 1;
      top3Points += 1;
      const north = half - Math.floor(point.index / grid.size);
      const east = (point.index % grid.size) - half;
      const distance = Math.round(Math.hypot(north, east) * spacing * 10) / 10;
      top3Within = Math.max(top3Within ?? 0, distance);
    }
    areas.set(area, entry);
  }
  const facts: SalesGridFacts = {
    keyword: grid.keyword,
    size: grid.size,
    radius: grid.radius,
    unit: grid.unit,
    points: measured.length,
    top3Points,
    foundPoints: measured.filter((p) => p.rank !== null).length,
    atrp: grid.metrics?.atrp === null || !grid.metrics ? null : round1(grid.metrics.atrp),
    solv: grid.metrics?.solv === null || !grid.metrics ? null : round1(grid.metrics.solv),
    areas: [...areas.values()],
    top3Within,
    leaders: competitorsOf([grid], business)
      .slice(0, 3)
      .map((c) => ({ name: c.name, top3Points: c.top3Points, strongestArea: c.strongestArea })),
  };
  return facts;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function listingsFacts(listings: SalesListings | null): SalesRecommendationPrompt['listings'] {
  if (!listings) return null;
  return {
    score: listings.score,
    directories: listings.directories.length,
    missing: listings.directories.filter((d) => d.status === 'missing').map((d) => d.name),
    mismatched: listings.directories
      .filter((d) => d.status === 'mismatch')
      .map((d) => ({ name: d.name, issues: d.issues })),
  };
}

/** What the drafter sees: this prospect's finished grids and measurements, nothing else. */
export function recommendationPrompt(
  row: ContainerWithCompany,
  grids: ProspectGrid[],
): SalesRecommendationPrompt {
  const business = { name: row.container.name, placeId: row.company.placeId };
  const listings = salesListingsSchema.safeParse(row.container.listings);
  const speed = salesPageSpeedSchema.safeParse(row.container.pageSpeed);
  const pageSpeed: SalesPageSpeed | null = speed.success ? speed.data : null;
  return {
    businessName: row.container.name,
    category: row.company.category,
    rating: row.container.rating,
    reviewCount: row.container.reviewCount,
    grids: grids.map((grid) => gridFacts(grid, business)),
    competitors: competitorsOf(grids, business)
      .slice(0, 5)
      .map(({ placeId: _id, ...competitor }) => competitor),
    listings: listingsFacts(listings.success ? listings.data : null),
    pageSpeed: pageSpeed && {
      url: pageSpeed.url,
      strategy: pageSpeed.strategy,
      performance: pageSpeed.performance,
      accessibility: pageSpeed.accessibility,
      bestPractices: pageSpeed.bestPractices,
      seo: pageSpeed.seo,
    },
  };
}

export interface SalesRecommendationsDeps {
  db: Db;
  repo: SalesToolRepository;
  ownedContainer: OwnedContainer;
  llm: LlmProvider;
  /** How long a draft may take before the employee is told to try again. */
  draftTimeoutMs?: number;
}

/** Drafting (from measured data), editing and removing a prospect's recommendations. */
export function createSalesRecommendations(deps: SalesRecommendationsDeps) {
  const { db, repo, ownedContainer, llm } = deps;

  async function listOf(containerId: number): Promise<SalesRecommendation[]> {
    return (await repo.recommendations(containerId)).map(toRecommendation);
  }

  /** A recommendation whose workspace the caller works (404 otherwise). */
  async function ownedRecommendation(principal: Principal, id: number) {
    const rec = await repo.recommendation(id);
    const row = rec ? await repo.container(rec.containerId) : null;
    if (!rec || !row || !mayWork(principal, row.container)) throw notFound(NO_SUCH_RECOMMENDATION);
    return rec;
  }

  /** Positions 1…n in the given order, in one transaction. */
  async function renumber(tx: Db, ids: number[]) {
    for (const [i, id] of ids.entries()) {
      await tx
        .update(salesRecommendations)
        .set({ position: i + 1 })
        .where(eq(salesRecommendations.id, id));
    }
  }

  return {
    async list(principal: Principal, containerId: number): Promise<SalesRecommendationList> {
      await ownedContainer(principal, containerId);
      return { containerId, provider: llm.name, recommendations: await listOf(containerId) };
    },

    async find(principal: Principal, id: number): Promise<SalesRecommendation> {
      return toRecommendation(await ownedRecommendation(principal, id));
    },

    /**
     * New drafts from the finished grids and the other measurements. Edited ones stay, first
     * and in their order; the drafts that were never touched are replaced.
     */
    async draft(principal: Principal, containerId: number): Promise<SalesRecommendationList> {
      const row = await ownedContainer(principal, containerId);
      refuseWon(row, 'plan its work');
      const grids = (await loadLatestGrids(db, row.container.companyId)).filter(
        (grid) => grid.status === 'done',
      );
      if (grids.length === 0) throw badRequest(RUN_GRIDS_FIRST);
      let drafts: Awaited<ReturnType<LlmProvider['draftSalesRecommendations']>>;
      try {
        drafts = await llm.draftSalesRecommendations(
          recommendationPrompt(row, grids),
          AbortSignal.timeout(deps.draftTimeoutMs ?? 60_000),
        );
      } catch (error) {
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          error instanceof VendorError
            ? error.message
            : 'The drafting service did not answer. Try again, or write the recommendations yourself.',
        );
      }
      await db.transaction(async (tx) => {
        await tx
          .delete(salesRecommendations)
          .where(
            and(
              eq(salesRecommendations.containerId, containerId),
              eq(salesRecommendations.edited, false),
            ),
          );
        const kept = await tx
          .select({ id: salesRecommendations.id, title: salesRecommendations.title })
          .from(salesRecommendations)
          .where(eq(salesRecommendations.containerId, containerId))
          .orderBy(asc(salesRecommendations.position), asc(salesRecommendations.id));
        const keptTitles = new Set(kept.map((k) => k.title.trim().toLowerCase()));
        const fresh = drafts.filter((d) => !keptTitles.has(d.title.trim().toLowerCase()));
        await renumber(
          tx,
          kept.map((k) => k.id),
        );
        if (fresh.length > 0) {
          await tx.insert(salesRecommendations).values(
            fresh.map((draft, i) => ({
              containerId,
              position: kept.length + i + 1,
              kind: draft.kind,
              title: draft.title.slice(0, 160),
              body: draft.body.slice(0, 2000),
              evidence: draft.evidence,
            })),
          );
        }
      });
      await repo.updateContainer(containerId, {});
      return { containerId, provider: llm.name, recommendations: await listOf(containerId) };
    },

    /** A person's change: kept on re-draft from now on; a new position moves the others. */
    async update(principal: Principal, id: number, input: UpdateInput) {
      const rec = await ownedRecommendation(principal, id);
      await db.transaction(async (tx) => {
        await tx
          .update(salesRecommendations)
          .set({
            ...(input.title !== undefined && { title: input.title }),
            ...(input.body !== undefined && { body: input.body }),
            edited: true,
            updatedAt: new Date(),
          })
          .where(eq(salesRecommendations.id, id));
        if (input.position !== undefined) {
          const order = (
            await tx
              .select({ id: salesRecommendations.id })
              .from(salesRecommendations)
              .where(eq(salesRecommendations.containerId, rec.containerId))
              .orderBy(asc(salesRecommendations.position), asc(salesRecommendations.id))
          )
            .map((r) => r.id)
            .filter((other) => other !== id);
          order.splice(Math.min(input.position - 1, order.length), 0, id);
          await renumber(tx, order);
        }
      });
      return toRecommendation((await repo.recommendation(id)) ?? rec);
    },

    async remove(principal: Principal, id: number): Promise<void> {
      const rec = await ownedRecommendation(principal, id);
      await db.transaction(async (tx) => {
        await tx.delete(salesRecommendations).where(eq(salesRecommendations.id, id));
        const rest = await tx
          .select({ id: salesRecommendations.id })
          .from(salesRecommendations)
          .where(eq(salesRecommendations.containerId, rec.containerId))
          .orderBy(asc(salesRecommendations.position), asc(salesRecommendations.id));
        await renumber(
          tx,
          rest.map((r) => r.id),
        );
      });
    },
  };
}

export type SalesRecommendations = ReturnType<typeof createSalesRecommendations>;
