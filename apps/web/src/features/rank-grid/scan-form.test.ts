import { describe, expect, it } from 'vitest';
import { checkScanForm, fieldOf, previewGrid } from './scan-form';

const values = {
  keyword: 'plumber',
  size: 5,
  radius: '2',
  unit: 'mi' as const,
  centre: { lat: 30.27, lng: -97.74 },
};

describe('the live scan form', () => {
  it('sends a checked request', () => {
    const checked = checkScanForm(values, 4);
    expect(checked).toEqual({
      request: expect.objectContaining({ companyId: 4, keyword: 'plumber', size: 5, radius: 2 }),
    });
  });

  it('shows the contracts’ messages per field', () => {
    const checked = checkScanForm(
      { ...values, keyword: ' ', radius: '500', centre: { lat: 89, lng: 0 } },
      4,
    );
    if (!('errors' in checked)) throw new Error('expected errors');
    expect(Object.keys(checked.errors).sort()).toEqual(['centre', 'keyword', 'radius']);
    expect(checked.errors.radius).toBe('Radius must be at most 100.');
  });

  it('maps server paths to fields and previews the grid', () => {
    expect(fieldOf('body.centre.lat')).toBe('centre');
    expect(fieldOf('size')).toBe('size');
    expect(fieldOf('companyId')).toBe('form');
    expect(previewGrid(values)?.length).toBe(25);
    expect(previewGrid({ ...values, radius: 'x' })).toBeNull();
  });
});
