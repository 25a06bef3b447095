import { z } from 'zod';
import type { GridPoint } from './geometry';
import { isMeasured, type PointOutcome, TOP_RANK_CUTOFF } from './metrics';

/**
 * Top-3 coverage by side of the grid, so that an alert can say "you lost the local pack in the
 * north of your area" (issue 6, alerts).
 *
 * The quadrants are the four half-grids beyond the centre lines: N holds the points strictly
 * north of the centre row, S strictly south of it, E strictly east of the centre column, W
 * strictly west of it. So the centre row belongs to neither N nor S, the centre column to
 * neither E nor W, the centre point to none, and a corner point to two (the NE corner is in N
 * and in E). Each side of an N×N grid has N·(N−1)/2 points: 3 on a 3×3 grid, where wedges cut
 * along the diagonals would leave one point per side and make every blip an alert.
 * Circle grids use the same rule on each point's plan position (stepsNorth, stepsEast).
 */

export const GRID_QUADRANTS = ['N', 'E', 'S', 'W'] as const;
export const gridQuadrantSchema = z.enum(GRID_QUADRANTS);
export type GridQuadrant = z.infer<typeof gridQuadrantSchema>;

export const GRID_QUADRANT_LABELS: Record<GridQuadrant, string> = {
  N: 'North',
  E: 'East',
  S: 'South',
  W: 'West',
};

/** Ring points on the centre lines have a plan offset of ~1e-16 rather than 0. */
const ON_CENTRE_LINE = 1e-9;

/** The quadrants a point belongs to: none, one, or two (corners). */
export function pointQuadrants(point: Pick<GridPoint, 'stepsNorth' | 'stepsEast'>): GridQuadrant[] {
  const quadrants: GridQuadrant[] = [];
  if (point.stepsNorth > ON_CENTRE_LINE) quadrants.push('N');
  if (point.stepsEast > ON_CENTRE_LINE) quadrants.push('E');
  if (point.stepsNorth < -ON_CENTRE_LINE) quadrants.push('S');
  if (point.stepsEast < -ON_CENTRE_LINE) quadrants.push('W');
  return quadrants;
}

export const quadrantCoverageSchema = z.object({
  quadrant: gridQuadrantSchema,
  /** Enabled grid points in the quadrant. */
  points: z.number().int(),
  /** Of those, measured (found or not_found). */
  measured: z.number().int(),
  /** Of those, ranked 1–3. */
  top3: z.number().int(),
  /** 100 × top3 / measured: the quadrant's SoLV; null when nothing there was measured. */
  coverage: z.number().nullable(),
});
export type QuadrantCoverage = z.infer<typeof quadrantCoverageSchema>;

/**
 * Top-3 coverage per quadrant, always in the order N, E, S, W. Switched-off points are not part
 * of any quadrant; outcomes for indices the grid does not have are ignored.
 */
export function computeQuadrantCoverage(
  points: readonly GridPoint[],
  outcomes: readonly PointOutcome[],
): QuadrantCoverage[] {
  const outcomeByIndex = new Map(outcomes.map((outcome) => [outcome.index, outcome]));
  const tally = new Map(
    GRID_QUADRANTS.map((quadrant) => [quadrant, { points: 0, measured: 0, top3: 0 }]),
  );
  for (const point of points) {
    if (!point.enabled) continue;
    const outcome = outcomeByIndex.get(point.index);
    const measured = outcome !== undefined && isMeasured(outcome.state);
    const inTop3 =
      outcome?.state === 'found' && outcome.rank !== null && outcome.rank <= TOP_RANK_CUTOFF;
    for (const quadrant of pointQuadrants(point)) {
      const counts = tally.get(quadrant);
      if (!counts) continue;
      counts.points += 1;
      if (measured) counts.measured += 1;
      if (inTop3) counts.top3 += 1;
    }
  }
  return GRID_QUADRANTS.map((quadrant) => {
    const counts = tally.get(quadrant) ?? { points: 0, measured: 0, top3: 0 };
    return {
      quadrant,
      ...counts,
      coverage: counts.measured > 0 ? (100 * counts.top3) / counts.measured : null,
    };
  });
}

/**
 * The quadrants where the business had top-3 coverage in the previous scan and has none now.
 * A quadrant where nothing was measured this time (every search failed) is not "lost": we do
 * not know, and an alert would be a false alarm.
 */
export function lostQuadrants(
  previous: readonly QuadrantCoverage[],
  current: readonly QuadrantCoverage[],
): GridQuadrant[] {
  return GRID_QUADRANTS.filter((quadrant) => {
    const before = previous.find((entry) => entry.quadrant === quadrant);
    const now = current.find((entry) => entry.quadrant === quadrant);
    return (
      before !== undefined &&
      now !== undefined &&
      before.top3 > 0 &&
      now.measured > 0 &&
      now.top3 === 0
    );
  });
}
