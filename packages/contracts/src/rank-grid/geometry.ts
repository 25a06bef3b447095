import { z } from 'zod';
import {
  distanceToKm,
  GRID_CENTRE_MAX_ABS_LAT,
  type GridSettings,
  type GridSettingsInput,
  type GridShape,
  gridSettingsSchema,
  gridSpacing,
  ringCount,
  ringPointCount,
} from './settings';

/**
 * Where the points of a rank grid lie on the Earth (DECISIONS.md "Rank grids": geodesic
 * destination points, R from the centre to the outermost N/E/S/W point, spacing 2R/(N−1)).
 *
 * The Earth is taken as a sphere whose radius is the Gaussian radius of curvature √(M·N) of the
 * WGS84 ellipsoid at the grid's centre latitude: the sphere that best fits the ellipsoid where
 * the grid is. A grid spans at most 2 × 100 mi, so one local sphere is enough, and its error
 * against true ellipsoidal distances is below 0.34 % in every direction (largest at the
 * equator, ~0.04 % at 70°; geometry-ellipsoid.test.ts measures it with GeographicLib). A single
 * mean-radius sphere (6371.0088 km) would be off by up to 0.56 % north–south at the equator.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export const WGS84_SEMI_MAJOR_AXIS_KM = 6378.137;
export const WGS84_FLATTENING = 1 / 298.257223563;
const WGS84_E2 = WGS84_FLATTENING * (2 - WGS84_FLATTENING);
/** IUGG mean Earth radius, for callers that need one sphere for the whole globe. */
export const MEAN_EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

/** The radius of the sphere that best fits the WGS84 ellipsoid at this latitude: √(M·N). */
export function localEarthRadiusKm(latDeg: number): number {
  const sinLat = Math.sin(latDeg * RAD);
  return (WGS84_SEMI_MAJOR_AXIS_KM * Math.sqrt(1 - WGS84_E2)) / (1 - WGS84_E2 * sinLat * sinLat);
}

/** A longitude in [-180, 180): 180 becomes -180, 190 becomes -170, -0 becomes 0. */
export function normalizeLongitude(lng: number): number {
  // Values already in range are returned as they are: wrapping them would add rounding noise.
  const wrapped = lng >= -180 && lng < 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === 0 ? 0 : wrapped;
}

/** The point reached by going `distanceKm` along a great circle at `bearingDeg` (0 = north). */
export function destinationPoint(
  from: LatLng,
  bearingDeg: number,
  distanceKm: number,
  radiusKm: number,
): LatLng {
  const angle = distanceKm / radiusKm;
  const bearing = bearingDeg * RAD;
  const lat1 = from.lat * RAD;
  const sinLat2 =
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing);
  // Rounding may push the sine a hair past ±1 when the walk ends at a pole.
  const lat2 = Math.asin(Math.min(1, Math.max(-1, sinLat2)));
  const lngDelta = Math.atan2(
    Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
    Math.cos(angle) - Math.sin(lat1) * sinLat2,
  );
  return { lat: lat2 * DEG, lng: normalizeLongitude(from.lng + lngDelta * DEG) };
}

/** Great-circle distance on a sphere of `radiusKm` (haversine, exact for short distances). */
export function greatCircleDistanceKm(a: LatLng, b: LatLng, radiusKm: number): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * radiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The initial great-circle bearing from `a` towards `b`, in [0, 360), 0 = north. */
export function initialBearingDeg(a: LatLng, b: LatLng): number {
  const lat1 = a.lat * RAD;
  const lat2 = b.lat * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (((Math.atan2(y, x) * DEG) % 360) + 360) % 360;
}

const gridPointBaseShape = {
  /** Position in the scan: results are stored and looked up by it. */
  index: z.number().int().min(0),
  lat: z.number(),
  /** In [-180, 180), also for grids that cross the antimeridian. */
  lng: z.number(),
  /** False when the point is switched off: it is never searched. */
  enabled: z.boolean(),
  /**
   * Where the point sits on the grid's plan, in spacings from the centre (north and east are
   * positive). Whole numbers on a square grid. Used for quadrants and for drawing the grid.
   */
  stepsNorth: z.number(),
  stepsEast: z.number(),
};

/** A point of a square grid; row 0 is the northernmost row, col 0 the westernmost column. */
export const squareGridPointSchema = z.object({
  shape: z.literal('square'),
  ...gridPointBaseShape,
  row: z.number().int().min(0),
  col: z.number().int().min(0),
});
export type SquareGridPoint = z.infer<typeof squareGridPointSchema>;

/** A point of a circle grid: ring 0 is the centre; slot 0 of each ring is due north. */
export const ringGridPointSchema = z.object({
  shape: z.literal('circle'),
  ...gridPointBaseShape,
  ring: z.number().int().min(0),
  slot: z.number().int().min(0),
});
export type RingGridPoint = z.infer<typeof ringGridPointSchema>;

export const gridPointSchema = z.discriminatedUnion('shape', [
  squareGridPointSchema,
  ringGridPointSchema,
]);
export type GridPoint = z.infer<typeof gridPointSchema>;

export interface RankGrid {
  /** The settings the grid was built from, checked, with the centre's longitude normalised. */
  settings: GridSettings;
  shape: GridShape;
  /** 2R/(N−1) in the grid's unit, and in km. */
  spacing: number;
  spacingKm: number;
  radiusKm: number;
  /** The sphere the points were computed on (see the module comment). */
  earthRadiusKm: number;
  points: GridPoint[];
  enabledCount: number;
}

/**
 * Builds the grid's points from its settings (checked again here, so bad settings can never
 * reach a search provider; a RangeError names the first problem).
 *
 * Square grids are numbered row-major from the north-west corner: index = row·N + col, row 0
 * north, col 0 west. They are built by walking: for each row, the row's anchor is the
 * destination from the centre due north (bearing 0) or due south (180) by |k|·s; the row's
 * points are destinations from that anchor due east (90) or west (270) by |j|·s. So the centre
 * column lies on the centre's meridian, every row is one great circle (row neighbours are
 * exactly s apart), and column neighbours are s·cos(d/R⊕) apart at a distance d from the
 * centre column (≥ 99.97 % of s at 100 mi). The other order (east along the centre row, then
 * north along meridians) would let meridians converge: up to 7 % narrower at 70° latitude.
 * The grid is symmetric under the half turn about its centre and the mirrors through its
 * centre row and centre column, whatever the latitude.
 *
 * Circle grids are the centre (index 0) then rings 1…(N−1)/2 at radius i·s, each ring's points
 * evenly spaced clockwise from due north, numbered ring after ring.
 */
export function buildGrid(input: GridSettingsInput): RankGrid {
  const parsed = gridSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RangeError(`Invalid grid settings: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  // The schema already bounds the latitude; this says why for anyone calling around it.
  if (Math.abs(parsed.data.centre.lat) > GRID_CENTRE_MAX_ABS_LAT) {
    throw new RangeError(`Grids cannot be centred beyond ±${GRID_CENTRE_MAX_ABS_LAT}° latitude.`);
  }
  const settings: GridSettings = {
    ...parsed.data,
    centre: { lat: parsed.data.centre.lat, lng: normalizeLongitude(parsed.data.centre.lng) },
  };
  const spacing = gridSpacing(settings);
  const spacingKm = distanceToKm(spacing, settings.unit);
  const earthRadiusKm = localEarthRadiusKm(settings.centre.lat);
  const disabled = new Set(settings.disabledPoints);
  const points =
    settings.shape === 'square'
      ? squarePoints(settings.centre, settings.size, spacingKm, earthRadiusKm, disabled)
      : ringPoints(settings.centre, settings.size, spacingKm, earthRadiusKm, disabled);
  return {
    settings,
    shape: settings.shape,
    spacing,
    spacingKm,
    radiusKm: distanceToKm(settings.radius, settings.unit),
    earthRadiusKm,
    points,
    enabledCount: points.filter((point) => point.enabled).length,
  };
}

function squarePoints(
  centre: LatLng,
  size: number,
  spacingKm: number,
  earthRadiusKm: number,
  disabled: ReadonlySet<number>,
): SquareGridPoint[] {
  const half = (size - 1) / 2;
  const points: SquareGridPoint[] = [];
  for (let row = 0; row < size; row++) {
    const stepsNorth = half - row;
    const anchor =
      stepsNorth === 0
        ? centre
        : destinationPoint(
            centre,
            stepsNorth > 0 ? 0 : 180,
            Math.abs(stepsNorth) * spacingKm,
            earthRadiusKm,
          );
    for (let col = 0; col < size; col++) {
      const stepsEast = col - half;
      const at =
        stepsEast === 0
          ? anchor
          : destinationPoint(
              anchor,
              stepsEast > 0 ? 90 : 270,
              Math.abs(stepsEast) * spacingKm,
              earthRadiusKm,
            );
      const index = row * size + col;
      points.push({
        shape: 'square',
        index,
        row,
        col,
        lat: at.lat,
        lng: at.lng,
        enabled: !disabled.has(index),
        stepsNorth,
        stepsEast,
      });
    }
  }
  return points;
}

function ringPoints(
  centre: LatLng,
  size: number,
  spacingKm: number,
  earthRadiusKm: number,
  disabled: ReadonlySet<number>,
): RingGridPoint[] {
  const points: RingGridPoint[] = [
    {
      shape: 'circle',
      index: 0,
      ring: 0,
      slot: 0,
      lat: centre.lat,
      lng: centre.lng,
      enabled: !disabled.has(0),
      stepsNorth: 0,
      stepsEast: 0,
    },
  ];
  for (let ring = 1; ring <= ringCount(size); ring++) {
    const slots = ringPointCount(ring);
    for (let slot = 0; slot < slots; slot++) {
      const bearingDeg = (360 * slot) / slots;
      const at = destinationPoint(centre, bearingDeg, ring * spacingKm, earthRadiusKm);
      const index = points.length;
      points.push({
        shape: 'circle',
        index,
        ring,
        slot,
        lat: at.lat,
        lng: at.lng,
        enabled: !disabled.has(index),
        stepsNorth: ring * Math.cos(bearingDeg * RAD),
        stepsEast: ring * Math.sin(bearingDeg * RAD),
      });
    }
  }
  return points;
}
