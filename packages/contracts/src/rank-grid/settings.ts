import { z } from 'zod';

/**
 * The settings of one rank grid (DECISIONS.md "Rank grids"): an N×N square (or, as an option,
 * concentric rings) of points around a centre, N odd from 3 to 21, the radius R from the
 * centre to the outermost north/east/south/west point, in miles or kilometres.
 */

export const GRID_SIZE_MIN = 3;
export const GRID_SIZE_MAX = 21;
/** The odd sizes a grid may have, for pickers: 3, 5, …, 21. */
export const GRID_SIZES = Array.from(
  { length: (GRID_SIZE_MAX - GRID_SIZE_MIN) / 2 + 1 },
  (_, i) => GRID_SIZE_MIN + 2 * i,
);

export const GRID_RADIUS_MIN = 0.1;
export const GRID_RADIUS_MAX = 100;

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export const distanceUnitSchema = z.enum(DISTANCE_UNITS, {
  error: 'Choose miles (mi) or kilometres (km).',
});
export type DistanceUnit = z.infer<typeof distanceUnitSchema>;
export const DISTANCE_UNIT_LABELS: Record<DistanceUnit, string> = { mi: 'miles', km: 'kilometres' };

/** The international mile, exactly. */
export const KM_PER_MILE = 1.609344;

export function distanceToKm(distance: number, unit: DistanceUnit): number {
  return unit === 'mi' ? distance * KM_PER_MILE : distance;
}

export function distanceFromKm(km: number, unit: DistanceUnit): number {
  return unit === 'mi' ? km / KM_PER_MILE : km;
}

export const GRID_SHAPES = ['square', 'circle'] as const;
export const gridShapeSchema = z.enum(GRID_SHAPES, {
  error: 'Choose a square or a circle grid.',
});
export type GridShape = z.infer<typeof gridShapeSchema>;

/**
 * How far from the equator a grid may be centred. Web map tiles stop at ±85.05°, no local
 * search happens closer to the poles, and the geometry needs the row walk never to cross a
 * pole: 85° plus the largest radius (100 mi ≈ 1.45°) stays below 87°.
 */
export const GRID_CENTRE_MAX_ABS_LAT = 85;

export const gridCentreSchema = z.object({
  lat: z
    .number({ error: 'Latitude must be a number.' })
    .min(-GRID_CENTRE_MAX_ABS_LAT, {
      error: `Latitude must be at least -${GRID_CENTRE_MAX_ABS_LAT}°: grids cannot be centred this close to the South Pole.`,
    })
    .max(GRID_CENTRE_MAX_ABS_LAT, {
      error: `Latitude must be at most ${GRID_CENTRE_MAX_ABS_LAT}°: grids cannot be centred this close to the North Pole.`,
    }),
  // -180 and 180 are the same meridian; both are accepted and the geometry normalises them.
  lng: z
    .number({ error: 'Longitude must be a number.' })
    .min(-180, { error: 'Longitude must be between -180° and 180°.' })
    .max(180, { error: 'Longitude must be between -180° and 180°.' }),
});
export type GridCentre = z.infer<typeof gridCentreSchema>;

/** How many rings a circle grid of this size has around its centre point: (N − 1) / 2. */
export function ringCount(size: number): number {
  return (size - 1) / 2;
}

/**
 * Points on ring i of a circle grid: as many as keep the straight-line gap between neighbours
 * closest to the grid spacing s on a ring of radius i·s, i.e. round(π / asin(1 / 2i)):
 * 6, 12, 19, 25, 31, … (about 2πi). Ring 1's six points are exactly s apart.
 */
export function ringPointCount(ring: number): number {
  return Math.round(Math.PI / Math.asin(1 / (2 * ring)));
}

/** How many points a grid of this shape and size has (21×21 = 441; the size-21 circle has 346). */
export function gridPointCount(size: number, shape: GridShape): number {
  if (shape === 'square') return size * size;
  let count = 1;
  for (let ring = 1; ring <= ringCount(size); ring++) count += ringPointCount(ring);
  return count;
}

/**
 * The fields of a grid's settings without the checks that span fields, so that a scan request
 * can `.extend()` it (zod refuses to extend a refined object) and then apply
 * `checkGridSettings` itself. Unknown fields are dropped, never kept.
 */
export const gridSettingsObjectSchema = z.object({
  size: z
    .number({ error: 'Grid size must be a number.' })
    .int({ error: 'Grid size must be a whole number.' })
    .min(GRID_SIZE_MIN, { error: `Grid size must be at least ${GRID_SIZE_MIN}×${GRID_SIZE_MIN}.` })
    .max(GRID_SIZE_MAX, { error: `Grid size must be at most ${GRID_SIZE_MAX}×${GRID_SIZE_MAX}.` })
    .refine((size) => size % 2 === 1, {
      error: 'Grid size must be odd (3, 5, 7, … 21), so that the business sits at the centre.',
    }),
  radius: z
    .number({ error: 'Radius must be a number.' })
    .min(GRID_RADIUS_MIN, { error: `Radius must be at least ${GRID_RADIUS_MIN}.` })
    .max(GRID_RADIUS_MAX, { error: `Radius must be at most ${GRID_RADIUS_MAX}.` }),
  unit: distanceUnitSchema,
  centre: gridCentreSchema,
  shape: gridShapeSchema.default('square'),
  /** Indices of the points switched off (see geometry.ts for how points are numbered). */
  disabledPoints: z
    .array(
      z
        .number({ error: 'A switched-off point must be a point index.' })
        .int({ error: 'A switched-off point must be a point index.' })
        .min(0, { error: 'A switched-off point must be a point index.' }),
      { error: 'Switched-off points must be a list of point indices.' },
    )
    .default([]),
});

type GridSettingsFields = z.output<typeof gridSettingsObjectSchema>;

/**
 * The checks that span fields: switched-off points must exist in this shape and size, and at
 * least one point must stay on. Repeated indices are harmless and are folded by the schema.
 */
export function checkGridSettings(settings: GridSettingsFields, ctx: z.RefinementCtx): void {
  const total = gridPointCount(settings.size, settings.shape);
  const disabled = new Set<number>();
  settings.disabledPoints.forEach((index, position) => {
    if (index >= total) {
      ctx.addIssue({
        code: 'custom',
        path: ['disabledPoints', position],
        message: `Point ${index} does not exist: this grid has points 0 to ${total - 1}.`,
      });
    }
    disabled.add(index);
  });
  if (disabled.size >= total) {
    ctx.addIssue({
      code: 'custom',
      path: ['disabledPoints'],
      message: 'At least one point of the grid must stay switched on.',
    });
  }
}

/** Sorted, without repeats: two requests that switch off the same points store the same list. */
function foldDisabledPoints(settings: GridSettingsFields): GridSettingsFields {
  return {
    ...settings,
    disabledPoints: [...new Set(settings.disabledPoints)].sort((a, b) => a - b),
  };
}

export const gridSettingsSchema = gridSettingsObjectSchema
  .superRefine(checkGridSettings)
  .transform(foldDisabledPoints);
export type GridSettings = z.output<typeof gridSettingsSchema>;
export type GridSettingsInput = z.input<typeof gridSettingsSchema>;

/** The grid spacing 2R/(N−1), in the grid's own unit. */
export function gridSpacing(settings: Pick<GridSettings, 'size' | 'radius'>): number {
  return (2 * settings.radius) / (settings.size - 1);
}
