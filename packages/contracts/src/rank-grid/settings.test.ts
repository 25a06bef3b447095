import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkGridSettings,
  distanceFromKm,
  distanceToKm,
  GRID_SIZES,
  gridPointCount,
  gridSettingsObjectSchema,
  gridSettingsSchema,
  gridSpacing,
  ringPointCount,
} from './settings';

const valid = { size: 7, radius: 2, unit: 'mi', centre: { lat: 30.2672, lng: -97.7431 } };

/** The messages of a failed parse, keyed by the path of the field they are about. */
function fieldErrors(input: unknown): Record<string, string> {
  const result = gridSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('grid settings', () => {
  it('accepts a plain square grid and fills in the defaults', () => {
    expect(gridSettingsSchema.parse(valid)).toEqual({
      ...valid,
      shape: 'square',
      disabledPoints: [],
    });
  });

  it('offers the odd sizes 3 to 21', () => {
    expect(GRID_SIZES).toEqual([3, 5, 7, 9, 11, 13, 15, 17, 19, 21]);
  });

  it('refuses even, fractional and out-of-range sizes with a message saying why', () => {
    expect(fieldErrors({ ...valid, size: 8 }).size).toMatch(/must be odd/);
    expect(fieldErrors({ ...valid, size: 7.5 }).size).toMatch(/whole number/);
    expect(fieldErrors({ ...valid, size: 1 }).size).toMatch(/at least 3×3/);
    expect(fieldErrors({ ...valid, size: 23 }).size).toMatch(/at most 21×21/);
    expect(fieldErrors({ ...valid, size: '7' }).size).toMatch(/must be a number/);
  });

  it('keeps the radius between 0.1 and 100, in miles or kilometres', () => {
    expect(fieldErrors({ ...valid, radius: 0.1 })).toEqual({});
    expect(fieldErrors({ ...valid, radius: 100, unit: 'km' })).toEqual({});
    expect(fieldErrors({ ...valid, radius: 0.09 }).radius).toMatch(/at least 0.1/);
    expect(fieldErrors({ ...valid, radius: 100.5 }).radius).toMatch(/at most 100/);
    expect(fieldErrors({ ...valid, radius: Number.POSITIVE_INFINITY }).radius).toBeDefined();
    expect(fieldErrors({ ...valid, unit: 'ft' }).unit).toMatch(/miles \(mi\) or kilometres/);
  });

  it('refuses centres near the poles and outside the map, naming the field', () => {
    expect(fieldErrors({ ...valid, centre: { lat: 85, lng: 180 } })).toEqual({});
    expect(fieldErrors({ ...valid, centre: { lat: 85.01, lng: 0 } })['centre.lat']).toMatch(
      /at most 85°.*North Pole/,
    );
    expect(fieldErrors({ ...valid, centre: { lat: -89, lng: 0 } })['centre.lat']).toMatch(
      /South Pole/,
    );
    expect(fieldErrors({ ...valid, centre: { lat: 0, lng: 180.5 } })['centre.lng']).toMatch(
      /between -180° and 180°/,
    );
    expect(
      fieldErrors({ ...valid, centre: { lat: Number.NaN, lng: 0 } })['centre.lat'],
    ).toBeDefined();
  });

  it('offers a circle shape and refuses other shapes', () => {
    expect(gridSettingsSchema.parse({ ...valid, shape: 'circle' }).shape).toBe('circle');
    expect(fieldErrors({ ...valid, shape: 'hexagon' }).shape).toMatch(/square or a circle/);
  });

  it('folds repeated switched-off points and sorts them', () => {
    expect(
      gridSettingsSchema.parse({ ...valid, disabledPoints: [5, 0, 5, 48] }).disabledPoints,
    ).toEqual([0, 5, 48]);
  });

  it('refuses switched-off points the grid does not have, and switching every point off', () => {
    expect(fieldErrors({ ...valid, disabledPoints: [49] })['disabledPoints.0']).toBe(
      'Point 49 does not exist: this grid has points 0 to 48.',
    );
    expect(fieldErrors({ ...valid, disabledPoints: [-1] })['disabledPoints.0']).toMatch(
      /point index/,
    );
    // A 7 circle has 1 + 6 + 12 + 19 = 38 points.
    expect(
      fieldErrors({ ...valid, shape: 'circle', disabledPoints: [38] })['disabledPoints.0'],
    ).toMatch(/points 0 to 37/);
    const all = Array.from({ length: 9 }, (_, i) => i);
    expect(fieldErrors({ ...valid, size: 3, disabledPoints: all }).disabledPoints).toBe(
      'At least one point of the grid must stay switched on.',
    );
    expect(fieldErrors({ ...valid, size: 3, disabledPoints: all.slice(1) })).toEqual({});
  });

  it('drops unknown fields rather than keeping them', () => {
    const parsed = gridSettingsSchema.parse({ ...valid, companyId: 4, admin: true });
    expect(parsed).not.toHaveProperty('companyId');
    expect(parsed).not.toHaveProperty('admin');
  });

  it('lets a scan request extend the fields and apply the same cross-field checks', () => {
    const scanRequest = gridSettingsObjectSchema
      .extend({ keyword: z.string().min(1) })
      .superRefine(checkGridSettings);
    expect(
      scanRequest.safeParse({ ...valid, keyword: 'plumber', disabledPoints: [99] }).success,
    ).toBe(false);
    expect(scanRequest.safeParse({ ...valid, keyword: 'plumber' }).success).toBe(true);
  });
});

describe('sizes, spacing and units', () => {
  it('counts points: N² for squares, the centre plus its rings for circles', () => {
    expect(gridPointCount(3, 'square')).toBe(9);
    expect(gridPointCount(21, 'square')).toBe(441);
    expect([1, 2, 3, 4, 5, 10].map(ringPointCount)).toEqual([6, 12, 19, 25, 31, 63]);
    expect(gridPointCount(3, 'circle')).toBe(7);
    expect(gridPointCount(21, 'circle')).toBe(346);
  });

  it('spaces points 2R/(N−1) apart', () => {
    expect(gridSpacing({ size: 3, radius: 1 })).toBe(1);
    expect(gridSpacing({ size: 21, radius: 5 })).toBe(0.5);
  });

  it('converts with the international mile', () => {
    expect(distanceToKm(1, 'mi')).toBe(1.609344);
    expect(distanceToKm(3, 'km')).toBe(3);
    expect(distanceFromKm(1.609344, 'mi')).toBe(1);
  });
});
