import fc from 'fast-check';
import geographiclib from 'geographiclib-geodesic';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGrid, type LatLng, MEAN_EARTH_RADIUS_KM, type RankGrid } from './geometry';
import { GRID_SIZES } from './settings';
import { printTestLine } from './test-output';

/*
 * The error bound of the spherical model, stated and checked against the WGS84 ellipsoid.
 *
 * The grid is computed on a local sphere (the Gaussian radius of curvature at the centre's
 * latitude); the truth is the geodesic distance on WGS84 between the same latitude/longitude
 * pairs, from GeographicLib (C. Karney's library, accurate to nanometres; a dev dependency only).
 *
 * STATED BOUND: every row and column neighbour gap, and the centre-to-outermost-point distance,
 * is within 0.4 % of its nominal value (2R/(N−1), R) on the ellipsoid, for every accepted
 * centre (|lat| ≤ 85°). The model's own error is e²·cos²φ / 2 ≤ 0.335 % (at the equator,
 * shrinking to 0.04 % at 70°), plus at most 0.032 % of column convergence at 100 mi.
 * For comparison, one mean-radius sphere (6371.0088 km) is off by up to 0.56 % at the equator.
 */
const STATED_BOUND = 0.004;
const RUNS = 1000;

const wgs84 = geographiclib.Geodesic.WGS84;
const ellipsoidalKm = (a: LatLng, b: LatLng) =>
  (wgs84.Inverse(a.lat, a.lng, b.lat, b.lng).s12 ?? NaN) / 1000;

let generatedCases = 0;
let worst = { error: 0, lat: 0 };
let worstWithin70 = 0;

function record(error: number, lat: number): void {
  if (error > worst.error) worst = { error, lat };
  if (Math.abs(lat) <= 70) worstWithin70 = Math.max(worstWithin70, error);
}

/** The largest relative error of the grid's gaps and outer distances on the ellipsoid. */
function ellipsoidalError(grid: RankGrid): number {
  const size = grid.settings.size;
  const at = (row: number, col: number) => grid.points[row * size + col] as LatLng;
  let error = 0;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (col + 1 < size) {
        error = Math.max(
          error,
          Math.abs(ellipsoidalKm(at(row, col), at(row, col + 1)) / grid.spacingKm - 1),
        );
      }
      if (row + 1 < size) {
        error = Math.max(
          error,
          Math.abs(ellipsoidalKm(at(row, col), at(row + 1, col)) / grid.spacingKm - 1),
        );
      }
    }
  }
  const half = (size - 1) / 2;
  const centre = grid.settings.centre;
  for (const [row, col] of [
    [0, half],
    [half, size - 1],
    [size - 1, half],
    [half, 0],
  ] as const) {
    error = Math.max(error, Math.abs(ellipsoidalKm(centre, at(row, col)) / grid.radiusKm - 1));
  }
  return error;
}

afterAll(() => {
  const percent = (value: number) => `${(100 * value).toFixed(3)} %`;
  printTestLine(
    `rank-grid vs WGS84: ${generatedCases} generated cases; worst error ${percent(worst.error)} ` +
      `(at ${(worst.lat + 0).toFixed(1)}°), ${percent(worstWithin70)} within ±70°; stated bound ${percent(STATED_BOUND)}`,
  );
});

describe('spherical model against the WGS84 ellipsoid', { timeout: 60_000 }, () => {
  it(`keeps grid gaps and the radius within ${100 * STATED_BOUND} % of nominal on the ellipsoid`, () => {
    fc.assert(
      fc.property(
        fc.record({
          size: fc.constantFrom(...GRID_SIZES),
          radius: fc.double({ min: 0.1, max: 100, noNaN: true }),
          unit: fc.constantFrom('mi' as const, 'km' as const),
          centre: fc.record({
            lat: fc.double({ min: -85, max: 85, noNaN: true }),
            lng: fc.double({ min: -180, max: 180, noNaN: true }),
          }),
        }),
        (settings) => {
          generatedCases += 1;
          const grid = buildGrid(settings);
          const error = ellipsoidalError(grid);
          record(error, settings.centre.lat);
          expect(error).toBeLessThan(STATED_BOUND);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('is worst at the equator, where one mean-radius sphere would break 0.5 %', () => {
    const settings = { size: 21, radius: 100, unit: 'mi' as const, centre: { lat: 0, lng: 0 } };
    const error = ellipsoidalError(buildGrid(settings));
    record(error, 0);
    expect(error).toBeGreaterThan(0.003);
    expect(error).toBeLessThan(STATED_BOUND);
    // The mean-radius sphere's north–south degree against WGS84's at the equator.
    const northKm = ellipsoidalKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 });
    const meanSphereKm = (Math.PI / 180) * MEAN_EARTH_RADIUS_KM;
    expect(Math.abs(meanSphereKm / northKm - 1)).toBeGreaterThan(0.005);
  });

  it('is far smaller at high latitudes (70°)', () => {
    const settings = { size: 21, radius: 100, unit: 'mi' as const, centre: { lat: 70, lng: 20 } };
    const error = ellipsoidalError(buildGrid(settings));
    record(error, 70);
    expect(error).toBeLessThan(0.001);
  });
});
