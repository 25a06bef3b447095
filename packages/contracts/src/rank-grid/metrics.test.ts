import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGrid } from './geometry';
import {
  computeCompetitorMetrics,
  computeScanMetrics,
  NOT_FOUND_RANK,
  POINT_STATES,
  type PointOutcome,
  pointOutcomeSchema,
  topCompetitors,
} from './metrics';
import { computeQuadrantCoverage, lostQuadrants, pointQuadrants } from './quadrants';
import { printTestLine } from './test-output';

/*
 * Grids are written as they look on a map, row 0 north, col 0 west, read row-major:
 * a number is the rank where found, NF not found, E an error, U not searched yet.
 */
type Cell = number | 'NF' | 'E' | 'U';

function outcomesOf(cells: readonly Cell[]): PointOutcome[] {
  return cells.map((cell, index) => {
    if (typeof cell === 'number') return { index, state: 'found', rank: cell };
    if (cell === 'NF') return { index, state: 'not_found', rank: null };
    return { index, state: cell === 'E' ? 'error' : 'unmeasured', rank: null };
  });
}

const at = { lat: 30.2672, lng: -97.7431 };

describe('scan metrics, worked by hand', () => {
  /*
   *   1   2  NF
   *   4   E   3
   *  NF   U  12
   * found 1,2,4,3,12 (5 points, sum 22); not found 2; error 1; unmeasured 1.
   * n = 5 + 2 = 7 (the error and the unsearched point are not measured)
   * ARP  = 22 / 5 = 4.4
   * ATRP = (22 + 2 × 21) / 7 = 64 / 7 ≈ 9.143
   * SoLV = 100 × |{1, 2, 3}| / 7 = 300 / 7 ≈ 42.857
   */
  const grid3 = outcomesOf([1, 2, 'NF', 4, 'E', 3, 'NF', 'U', 12]);

  it('3×3: errors and unsearched points stay out of n', () => {
    expect(computeScanMetrics(grid3)).toEqual({
      points: 9,
      measured: 7,
      found: 5,
      notFound: 2,
      errors: 1,
      unmeasured: 1,
      top3: 3,
      arp: 4.4,
      atrp: 64 / 7,
      solv: 300 / 7,
      foundIn: 5,
    });
  });

  it('3×3 nowhere found: ATRP is 21, SoLV 0, no ARP', () => {
    expect(computeScanMetrics(outcomesOf(Array<Cell>(9).fill('NF')))).toMatchObject({
      measured: 9,
      found: 0,
      arp: null,
      atrp: NOT_FOUND_RANK,
      solv: 0,
      foundIn: 0,
    });
  });

  it('nothing measured (every search failed or waits): no metric at all', () => {
    expect(
      computeScanMetrics(outcomesOf(['E', 'E', 'U', 'E', 'U', 'E', 'E', 'E', 'U'])),
    ).toMatchObject({
      measured: 0,
      errors: 6,
      unmeasured: 3,
      arp: null,
      atrp: null,
      solv: null,
      foundIn: 0,
    });
    expect(computeScanMetrics([])).toMatchObject({ points: 0, arp: null, atrp: null, solv: null });
  });

  /*
   *  NF  NF   8  NF  NF
   *  NF   5   3   6  NF
   *   9   2   1   2   E
   *   U   4   2   4  NF
   *  NF  NF   7  NF  NF
   * found: 8,5,3,6,9,2,1,2,4,2,4,7 = 12 points, sum 53; NF 11; E 1; U 1.  n = 23.
   * ARP = 53 / 12 ≈ 4.417; ATRP = (53 + 11 × 21) / 23 = 284 / 23 ≈ 12.348
   * top 3: 3,2,1,2,2 = 5 points → SoLV = 500 / 23 ≈ 21.739
   */
  // biome-ignore format: the grid is easier to check laid out as a grid
  const grid5 = outcomesOf([
    'NF', 'NF', 8, 'NF', 'NF',
    'NF', 5, 3, 6, 'NF',
    9, 2, 1, 2, 'E',
    'U', 4, 2, 4, 'NF',
    'NF', 'NF', 7, 'NF', 'NF',
  ]);

  it('5×5 worked example', () => {
    expect(computeScanMetrics(grid5)).toEqual({
      points: 25,
      measured: 23,
      found: 12,
      notFound: 11,
      errors: 1,
      unmeasured: 1,
      top3: 5,
      arp: 53 / 12,
      atrp: 284 / 23,
      solv: 500 / 23,
      foundIn: 12,
    });
  });

  /*
   * Quadrants of the 5×5 (half-grids beyond the centre lines, 10 points each):
   * N = rows 0–1: 10 measured, top 3 only the 3 → 10 %
   * S = rows 3–4: the U is not measured → 9, top 3 only the 2 in row 3 → 100/9 %
   * E = cols 3–4: the E is not measured → 9, top 3 only the 2 in row 2 → 100/9 %
   * W = cols 0–1: the U is not measured → 9, top 3 only the 2 in row 2 → 100/9 %
   */
  it('5×5 top-3 coverage by quadrant', () => {
    const points = buildGrid({ size: 5, radius: 2, unit: 'mi', centre: at }).points;
    expect(computeQuadrantCoverage(points, grid5)).toEqual([
      { quadrant: 'N', points: 10, measured: 10, top3: 1, coverage: 10 },
      { quadrant: 'E', points: 10, measured: 9, top3: 1, coverage: 100 / 9 },
      { quadrant: 'S', points: 10, measured: 9, top3: 1, coverage: 100 / 9 },
      { quadrant: 'W', points: 10, measured: 9, top3: 1, coverage: 100 / 9 },
    ]);
    // Switching the SE corner off takes it out of S and of E.
    const fewer = buildGrid({ size: 5, radius: 2, unit: 'mi', centre: at, disabledPoints: [24] });
    expect(computeQuadrantCoverage(fewer.points, grid5).map((q) => q.points)).toEqual([
      10, 9, 9, 10,
    ]);
  });

  /*
   * 3×3: N = row 0 (1, 2, NF): 2 of 3; E = col 2 (NF, 3, 12): 1 of 3; S = row 2 (NF, U, 12):
   * 0 of 2; W = col 0 (1, 4, NF): 1 of 3. The centre (E) is in no quadrant.
   */
  it('3×3 coverage, and a quadrant lost only when it was measured', () => {
    const points = buildGrid({ size: 3, radius: 1, unit: 'km', centre: at }).points;
    const before = computeQuadrantCoverage(points, grid3);
    expect(before.map((q) => [q.quadrant, q.measured, q.top3])).toEqual([
      ['N', 3, 2],
      ['E', 3, 1],
      ['S', 2, 0],
      ['W', 3, 1],
    ]);
    // The north slips out of the pack (1 → 4, 2 → 5); the west loses its 1 to an error.
    const after = computeQuadrantCoverage(
      points,
      outcomesOf([4, 5, 'NF', 4, 'E', 3, 'E', 'U', 12]),
    );
    expect(lostQuadrants(before, after)).toEqual(['N', 'W']);
    // Every search failing is not a loss: nothing is known.
    const failed = computeQuadrantCoverage(points, outcomesOf(Array<Cell>(9).fill('E')));
    expect(lostQuadrants(before, failed)).toEqual([]);
    expect(failed.every((q) => q.coverage === null)).toBe(true);
  });

  it('puts corners in two quadrants, the centre lines in fewer', () => {
    expect(pointQuadrants({ stepsNorth: 1, stepsEast: 1 })).toEqual(['N', 'E']);
    expect(pointQuadrants({ stepsNorth: 0, stepsEast: -2 })).toEqual(['W']);
    expect(pointQuadrants({ stepsNorth: 0, stepsEast: 0 })).toEqual([]);
    // A ring point due east has stepsNorth ≈ 6e-17, which is on the centre line.
    expect(pointQuadrants({ stepsNorth: 2 * Math.cos(Math.PI / 2), stepsEast: 2 })).toEqual(['E']);
  });
});

describe('competitor metrics, worked by hand', () => {
  /*
   * Our business is 'me'. Lists are the local results at each point, best first.
   *  p0 found 2  [A, me, B]      p1 found 1 [me, B, A]   p2 not found [B, A, C]
   *  p3 error                    p4 found 3 [A, B, me, C] p5 not found [] (no results)
   *  p6 unmeasured               p7 found 1 [me, C]       p8 not found [C, B]
   * n = 7 (p0, p1, p2, p4, p5, p7, p8).
   * A: ranks 1 (p0), 3 (p1), 2 (p2), 1 (p4) → found 4, ARP 7/4, top 3 = 4, SoLV 400/7,
   *    ATRP (7 + 3 × 21) / 7 = 10
   * B: 3, 2, 1, 2, 2 (p8) → found 5, ARP 2, SoLV 500/7, ATRP (10 + 2 × 21) / 7 = 52/7
   * C: 3 (p2), 4 (p4), 2 (p7), 1 (p8) → found 4, ARP 2.5, top 3 = 3, SoLV 300/7, ATRP 73/7
   * Order by SoLV: B, A, C.
   */
  const outcomes: PointOutcome[] = [
    { index: 0, state: 'found', rank: 2, results: ['A', 'me', 'B'] },
    { index: 1, state: 'found', rank: 1, results: ['me', 'B', 'A'] },
    { index: 2, state: 'not_found', rank: null, results: ['B', 'A', 'C'] },
    { index: 3, state: 'error', rank: null },
    { index: 4, state: 'found', rank: 3, results: ['A', 'B', 'me', 'C'] },
    { index: 5, state: 'not_found', rank: null, results: [] },
    { index: 6, state: 'unmeasured', rank: null },
    { index: 7, state: 'found', rank: 1, results: ['me', 'C'] },
    { index: 8, state: 'not_found', rank: null, results: ['C', 'B'] },
  ];

  it('measures each competitor over the same points as the business', () => {
    expect(computeCompetitorMetrics(outcomes, { excludePlaceIds: ['me'] })).toEqual([
      { placeId: 'B', measured: 7, foundIn: 5, top3: 5, arp: 2, atrp: 52 / 7, solv: 500 / 7 },
      { placeId: 'A', measured: 7, foundIn: 4, top3: 4, arp: 7 / 4, atrp: 10, solv: 400 / 7 },
      { placeId: 'C', measured: 7, foundIn: 4, top3: 3, arp: 2.5, atrp: 73 / 7, solv: 300 / 7 },
    ]);
    expect(computeScanMetrics(outcomes)).toMatchObject({ measured: 7, arp: 7 / 4, atrp: 10 });
  });

  /*
   * Ties, over three measured points where the business is nowhere (f… are fillers):
   *  p0: X1 Y2 ·  Z4
   *  p1: V1 ·  ·  W4 Y5 · · · · · X11
   *  p2: V1 ·  U3 · · · · · · · Y11
   * V: 1, 1 → SoLV 200/3.           U: 3 → SoLV 100/3, ARP 3.
   * Y: 2, 5, 11 → SoLV 100/3, ARP 6, found 3.   X: 1, 11 → SoLV 100/3, ARP 6, found 2.
   * W: 4 and Z: 4 → SoLV 0, ARP 4, found 1 each: W before Z by place id.
   */
  it('breaks ties by SoLV, then ARP, then found-in, then place id', () => {
    const list = (point: number, places: Record<number, string>) =>
      Array.from(
        { length: Math.max(...Object.keys(places).map(Number)) },
        (_, i) => places[i + 1] ?? `f${point}-${i + 1}`,
      );
    const ties: PointOutcome[] = [
      { index: 0, state: 'not_found', rank: null, results: list(0, { 1: 'X', 2: 'Y', 4: 'Z' }) },
      {
        index: 1,
        state: 'not_found',
        rank: null,
        results: list(1, { 1: 'V', 4: 'W', 5: 'Y', 11: 'X' }),
      },
      { index: 2, state: 'not_found', rank: null, results: list(2, { 1: 'V', 3: 'U', 11: 'Y' }) },
    ];
    const fillers = ties
      .flatMap((outcome) => outcome.results ?? [])
      .filter((id) => id.startsWith('f'));
    const ranked = computeCompetitorMetrics(ties, { excludePlaceIds: fillers });
    expect(ranked.map((c) => [c.placeId, c.solv, c.arp, c.foundIn])).toEqual([
      ['V', 200 / 3, 1, 2],
      ['U', 100 / 3, 3, 1],
      ['Y', 100 / 3, 6, 3],
      ['X', 100 / 3, 6, 2],
      ['W', 0, 4, 1],
      ['Z', 0, 4, 1],
    ]);
    expect(
      topCompetitors(ties, { excludePlaceIds: fillers, limit: 2 }).map((c) => c.placeId),
    ).toEqual(['V', 'U']);
  });

  it('refuses a measured point without its result list rather than guessing', () => {
    expect(() => computeCompetitorMetrics([{ index: 0, state: 'not_found', rank: null }])).toThrow(
      /Point 0 was measured but its results are missing/,
    );
  });
});

describe('outcome checks', () => {
  it('refuses repeated points and ranks out of place', () => {
    const found = { index: 0, state: 'found', rank: 1 } as const;
    expect(() => computeScanMetrics([found, found])).toThrow(/more than one outcome/);
    expect(() => computeScanMetrics([{ index: 0, state: 'found', rank: null }])).toThrow(
      /exactly when found/,
    );
    expect(() => computeScanMetrics([{ index: 0, state: 'error', rank: 4 }])).toThrow(
      /exactly when found/,
    );
    expect(() => computeScanMetrics([{ index: 0, state: 'found', rank: 21 }])).toThrow(
      /not 1 to 20/,
    );
  });

  it('validates stored outcomes with field messages', () => {
    expect(
      pointOutcomeSchema.safeParse({ index: 2, state: 'found', rank: 3, results: ['a'] }).success,
    ).toBe(true);
    const noRank = pointOutcomeSchema.safeParse({ index: 2, state: 'found', rank: null });
    expect(noRank.error?.issues[0]?.path).toEqual(['rank']);
    const errorWithResults = pointOutcomeSchema.safeParse({
      index: 2,
      state: 'error',
      rank: null,
      results: [],
    });
    expect(errorWithResults.error?.issues[0]?.message).toBe(
      'Only a point that was searched has results.',
    );
  });
});

let generatedCases = 0;
afterAll(() => {
  printTestLine(`rank-grid metrics: ${generatedCases} generated property cases`);
});

describe('metric invariants (property tests)', { timeout: 60_000 }, () => {
  const outcomeArb = fc.record({
    state: fc.constantFrom(...POINT_STATES),
    rank: fc.integer({ min: 1, max: 20 }),
  });

  it('n counts only found and not-found points, and the averages agree with each other', () => {
    fc.assert(
      fc.property(fc.array(outcomeArb, { maxLength: 441 }), (drawn) => {
        generatedCases += 1;
        const outcomes: PointOutcome[] = drawn.map(({ state, rank }, index) => ({
          index,
          state,
          rank: state === 'found' ? rank : null,
        }));
        const m = computeScanMetrics(outcomes);
        expect(m.measured).toBe(m.found + m.notFound);
        expect(m.points).toBe(m.measured + m.errors + m.unmeasured);
        if (m.measured === 0 || m.atrp === null || m.solv === null) {
          expect([m.measured, m.arp, m.atrp, m.solv]).toEqual([0, null, null, null]);
          return;
        }
        // ATRP·n = ARP·found + 21·notFound; SoLV is a share; ARP ≤ ATRP ≤ 21.
        expect(m.atrp * m.measured).toBeCloseTo((m.arp ?? 0) * m.found + 21 * m.notFound, 6);
        expect(m.solv).toBeGreaterThanOrEqual(0);
        expect(m.solv).toBeLessThanOrEqual(100);
        expect(m.arp ?? 0).toBeLessThanOrEqual(m.atrp + 1e-9);
        expect(m.atrp).toBeLessThanOrEqual(21);
      }),
      { numRuns: 1000 },
    );
  });
});
