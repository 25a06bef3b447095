import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildGrid,
  destinationPoint,
  type GridPoint,
  greatCircleDistanceKm,
  initialBearingDeg,
  type LatLng,
  normalizeLongitude,
  type RankGrid,
  type SquareGridPoint,
} from './geometry';
import { GRID_SIZES, gridPointCount } from './settings';
import { printTestLine } from './test-output';

/*
 * Property tests of the grid geometry. Every case builds a whole grid from generated settings
 * and checks every point of it. Distances are great-circle distances on the sphere the grid
 * was built on (grid.earthRadiusKm); the error of that sphere against the WGS84 ellipsoid is
 * measured separately in geometry-ellipsoid.test.ts.
 */

let generatedCases = 0;
const RUNS = 1000;

const sizeArb = fc.constantFrom(...GRID_SIZES);
const radiusArb = fc.double({ min: 0.1, max: 100, noNaN: true });
const unitArb = fc.constantFrom('mi' as const, 'km' as const);
const latArb = fc.double({ min: -85, max: 85, noNaN: true });
const lngArb = fc.double({ min: -180, max: 180, noNaN: true });
const settingsArb = (lat = latArb, lng = lngArb) =>
  fc.record({ size: sizeArb, radius: radiusArb, unit: unitArb, centre: fc.record({ lat, lng }) });

/**
 * A plain assertion for loops over every point: vitest's expect costs ~10 µs a call, which
 * over 441 points × thousands of cases would take minutes.
 */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** Signed difference a − b between two angles, in (-180, 180]. */
function angleDiff(a: number, b: number): number {
  const d = (((a - b) % 360) + 540) % 360;
  return d === 0 ? 180 : d - 180 === -180 ? 180 : d - 180;
}

/** A longitude seen from a reference meridian: continuous across the antimeridian. */
const lngFrom = (lng: number, reference: number) => angleDiff(lng, reference);

function squareAt(grid: RankGrid, row: number, col: number): SquareGridPoint {
  const point = grid.points[row * grid.settings.size + col];
  if (point?.shape !== 'square') throw new Error(`no point at ${row},${col}`);
  return point;
}

const distance = (grid: RankGrid, a: LatLng, b: LatLng) =>
  greatCircleDistanceKm(a, b, grid.earthRadiusKm);

/** The largest relative deviation from the spacing over all row and column neighbours. */
function neighbourDeviation(grid: RankGrid): { rows: number; columns: number } {
  const size = grid.settings.size;
  let rows = 0;
  let columns = 0;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const here = squareAt(grid, row, col);
      if (col + 1 < size) {
        const gap = distance(grid, here, squareAt(grid, row, col + 1));
        rows = Math.max(rows, Math.abs(gap / grid.spacingKm - 1));
      }
      if (row + 1 < size) {
        const gap = distance(grid, here, squareAt(grid, row + 1, col));
        columns = Math.max(columns, Math.abs(gap / grid.spacingKm - 1));
      }
    }
  }
  return { rows, columns };
}

/** Down the centre column latitudes fall: row 0 is the northernmost. */
function centreColumnRunsSouth(grid: RankGrid): boolean {
  const half = (grid.settings.size - 1) / 2;
  for (let row = 1; row < grid.settings.size; row++) {
    if (!(squareAt(grid, row, half).lat < squareAt(grid, row - 1, half).lat)) return false;
  }
  return true;
}

/** Each row runs strictly west to east, in longitude seen from the centre's meridian. */
function rowsRunEastward(grid: RankGrid): boolean {
  const size = grid.settings.size;
  const centreLng = grid.settings.centre.lng;
  for (let row = 0; row < size; row++) {
    for (let col = 1; col < size; col++) {
      const west = lngFrom(squareAt(grid, row, col - 1).lng, centreLng);
      const east = lngFrom(squareAt(grid, row, col).lng, centreLng);
      if (!(east > west) || east - west > 30) return false;
    }
  }
  return true;
}

afterAll(() => {
  printTestLine(`rank-grid geometry: ${generatedCases} generated property cases`);
});

describe('square grid geometry (property tests)', { timeout: 60_000 }, () => {
  it('numbers points row-major from the north-west corner', () => {
    fc.assert(
      fc.property(settingsArb(), (settings) => {
        generatedCases += 1;
        const grid = buildGrid(settings);
        const { size } = settings;
        const half = (size - 1) / 2;
        expect(grid.points).toHaveLength(size * size);
        grid.points.forEach((point, index) => {
          check(
            point.shape === 'square' &&
              point.index === index &&
              point.enabled &&
              point.row * size + point.col === index &&
              point.stepsNorth === half - point.row &&
              point.stepsEast === point.col - half,
            () => `point ${index} is misnumbered: ${JSON.stringify(point)}`,
          );
        });
        check(centreColumnRunsSouth(grid), () => 'row 0 is not the northernmost');
        check(rowsRunEastward(grid), () => 'col 0 is not the westernmost');
      }),
      { numRuns: RUNS },
    );
  });

  it('is symmetric: half turn, east–west mirror and north–south mirror about the centre', () => {
    fc.assert(
      fc.property(settingsArb(), (settings) => {
        generatedCases += 1;
        const grid = buildGrid(settings);
        const centre = grid.settings.centre;
        const last = settings.size - 1;
        const polar = (point: GridPoint) => ({
          d: distance(grid, centre, point),
          bearing: initialBearingDeg(centre, point),
        });
        for (const point of grid.points) {
          if (point.shape !== 'square' || (point.stepsNorth === 0 && point.stepsEast === 0))
            continue;
          const here = polar(point);
          const turned = polar(squareAt(grid, last - point.row, last - point.col));
          const eastWest = polar(squareAt(grid, point.row, last - point.col));
          const northSouth = polar(squareAt(grid, last - point.row, point.col));
          for (const [other, bearing, name] of [
            [turned, here.bearing + 180, 'half turn'],
            [eastWest, 360 - here.bearing, 'east–west mirror'],
            [northSouth, 180 - here.bearing, 'north–south mirror'],
          ] as const) {
            check(
              // Equal to a micrometre (float rounding of degrees is ~1 nm per step).
              Math.abs(other.d - here.d) <= 1e-9 * here.d + 1e-9 &&
                Math.abs(angleDiff(other.bearing, bearing)) < 1e-6,
              () => `${name} of point ${point.index}: ${JSON.stringify({ here, other })}`,
            );
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('spaces row and column neighbours within 0.1% of 2R/(N−1)', () => {
    fc.assert(
      fc.property(settingsArb(), (settings) => {
        generatedCases += 1;
        const grid = buildGrid(settings);
        const deviation = neighbourDeviation(grid);
        // Rows are great circles: exact. Columns converge by cos(d/R⊕): < 0.04% at 100 mi.
        expect(deviation.rows).toBeLessThan(1e-7);
        expect(deviation.columns).toBeLessThan(1e-3);
      }),
      { numRuns: RUNS },
    );
  });

  it('puts the outermost north, east, south and west points at R from the centre', () => {
    fc.assert(
      fc.property(settingsArb(), (settings) => {
        generatedCases += 1;
        const grid = buildGrid(settings);
        const half = (settings.size - 1) / 2;
        const last = settings.size - 1;
        const centre = grid.settings.centre;
        const ends = [
          [squareAt(grid, 0, half), 0],
          [squareAt(grid, half, last), 90],
          [squareAt(grid, last, half), 180],
          [squareAt(grid, half, 0), 270],
        ] as const;
        for (const [point, bearing] of ends) {
          expect(Math.abs(distance(grid, centre, point) / grid.radiusKm - 1)).toBeLessThan(1e-3);
          expect(Math.abs(angleDiff(initialBearingDeg(centre, point), bearing))).toBeLessThan(1e-6);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('stays continuous across the antimeridian, with longitudes in [-180, 180)', () => {
    const nearAntimeridian = fc.oneof(
      fc.double({ min: 178.5, max: 180, noNaN: true }),
      fc.double({ min: -180, max: -178.5, noNaN: true }),
    );
    fc.assert(
      fc.property(settingsArb(latArb, nearAntimeridian), (settings) => {
        generatedCases += 1;
        const grid = buildGrid(settings);
        for (const point of grid.points) {
          check(point.lng >= -180 && point.lng < 180, () => `longitude ${point.lng}`);
        }
        expect(rowsRunEastward(grid)).toBe(true);
        expect(neighbourDeviation(grid).columns).toBeLessThan(1e-3);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps its shape near the poles, up to the 85° limit', () => {
    const polarLat = fc.oneof(
      fc.double({ min: 80, max: 85, noNaN: true }),
      fc.double({ min: -85, max: -80, noNaN: true }),
    );
    fc.assert(
      fc.property(settingsArb(polarLat), (settings) => {
        generatedCases += 1;
        const grid = buildGrid(settings);
        // The walk never reaches a pole (85° + 100 mi < 87°), so north stays north.
        for (const point of grid.points) {
          check(Math.abs(point.lat) < 87, () => `latitude ${point.lat}`);
        }
        expect(centreColumnRunsSouth(grid)).toBe(true);
        expect(rowsRunEastward(grid)).toBe(true);
        expect(neighbourDeviation(grid).columns).toBeLessThan(1e-3);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('refuses centres beyond 85° of latitude', () => {
    const tooPolar = fc.oneof(
      fc.double({ min: 85, max: 90, noNaN: true, minExcluded: true }),
      fc.double({ min: -90, max: -85, noNaN: true, maxExcluded: true }),
    );
    fc.assert(
      fc.property(settingsArb(tooPolar), (settings) => {
        generatedCases += 1;
        expect(() => buildGrid(settings)).toThrow(/centre\.lat: .*(North|South) Pole/);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('marks switched-off points and counts the ones left on', () => {
    fc.assert(
      fc.property(
        settingsArb(),
        fc.uniqueArray(fc.nat({ max: 440 }), { maxLength: 30 }),
        fc.constantFrom('square' as const, 'circle' as const),
        (settings, wanted, shape) => {
          generatedCases += 1;
          const total = gridPointCount(settings.size, shape);
          const disabledPoints = wanted.filter((index) => index < total).slice(0, total - 1);
          const grid = buildGrid({ ...settings, shape, disabledPoints });
          const off = new Set(disabledPoints);
          for (const point of grid.points) {
            check(point.enabled === !off.has(point.index), () => `point ${point.index}`);
          }
          expect(grid.enabledCount).toBe(total - off.size);
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });
});

describe('circle grid geometry (property tests)', { timeout: 60_000 }, () => {
  it('puts ring i at i·s, with neighbours on a ring about s apart, slot 0 due north', () => {
    fc.assert(
      fc.property(settingsArb(), (settings) => {
        generatedCases += 1;
        const grid = buildGrid({ ...settings, shape: 'circle' });
        const centre = grid.settings.centre;
        expect(grid.points).toHaveLength(gridPointCount(settings.size, 'circle'));
        expect(grid.points[0]).toMatchObject({ ring: 0, lat: centre.lat, lng: centre.lng });
        const rings = new Map<number, GridPoint[]>();
        grid.points.forEach((point, index) => {
          check(point.index === index, () => `point ${index} is numbered ${point.index}`);
          if (point.shape !== 'circle' || point.ring === 0) return;
          const d = distance(grid, centre, point);
          check(Math.abs(d / (point.ring * grid.spacingKm) - 1) < 1e-3, () => `ring of ${index}`);
          if (point.slot === 0) {
            const bearing = initialBearingDeg(centre, point);
            check(Math.abs(angleDiff(bearing, 0)) < 1e-6, () => `slot 0 of ring ${point.ring}`);
          }
          const ring = rings.get(point.ring) ?? [];
          ring.push(point);
          rings.set(point.ring, ring);
        });
        for (const ring of rings.values()) {
          ring.forEach((point, slot) => {
            const next = ring[(slot + 1) % ring.length] as GridPoint;
            const gap = distance(grid, point, next) / grid.spacingKm;
            // Whole numbers of points per ring: within 4% of s (ring 2 has 12, 3.5% wide).
            check(Math.abs(gap - 1) < 0.04, () => `gap ${gap} on ring of ${point.index}`);
          });
        }
        // The outermost ring is at R.
        const outer = grid.points.at(-1) as GridPoint;
        expect(Math.abs(distance(grid, centre, outer) / grid.radiusKm - 1)).toBeLessThan(1e-3);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('worked examples', () => {
  it('normalises longitudes to [-180, 180)', () => {
    expect(normalizeLongitude(180)).toBe(-180);
    expect(normalizeLongitude(-180)).toBe(-180);
    expect(normalizeLongitude(190)).toBe(-170);
    expect(normalizeLongitude(-190)).toBe(170);
    expect(normalizeLongitude(540)).toBe(-180);
    expect(Object.is(normalizeLongitude(-0), 0)).toBe(true);
    expect(normalizeLongitude(-97.7431)).toBe(-97.7431);
  });

  it('walks a grid across the antimeridian (Fiji, 10 km)', () => {
    const grid = buildGrid({ size: 5, radius: 10, unit: 'km', centre: { lat: -17.8, lng: 180 } });
    expect(grid.settings.centre.lng).toBe(-180);
    const middleRow = [0, 1, 2, 3, 4].map((col) => squareAt(grid, 2, col).lng);
    expect(middleRow[0]).toBeGreaterThan(179.9);
    expect(middleRow[1]).toBeGreaterThan(179.9);
    expect(middleRow[2]).toBe(-180);
    expect(middleRow[3]).toBeLessThan(-179.9);
    expect(middleRow[4]).toBeLessThan(-179.9);
  });

  it('matches the textbook destination formula (1° of arc due east from the equator)', () => {
    const earth = 6371.0088;
    const oneDegreeKm = (Math.PI / 180) * earth;
    const east = destinationPoint({ lat: 0, lng: 10 }, 90, oneDegreeKm, earth);
    expect(east.lat).toBeCloseTo(0, 12);
    expect(east.lng).toBeCloseTo(11, 12);
    const north = destinationPoint({ lat: 45, lng: 10 }, 0, oneDegreeKm, earth);
    expect(north).toEqual({ lat: expect.closeTo(46, 12), lng: 10 });
  });

  it('refuses settings that did not pass the schema', () => {
    expect(() => buildGrid({ size: 4, radius: 1, unit: 'mi', centre: { lat: 0, lng: 0 } })).toThrow(
      /size: .*odd/,
    );
  });

  it('generated at least a few thousand cases', () => {
    expect(generatedCases).toBeGreaterThanOrEqual(5000);
  });
});
