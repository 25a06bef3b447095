import { describe, expect, it } from 'vitest';
import { gridPlace, pinText, pointDescription, rankBand } from './rank-bands';

describe('rank colour bands', () => {
  it('puts each rank in its band: 1–3, 4–10, 11–19, 20 and not found', () => {
    const found = (rank: number) => rankBand({ state: 'found', rank });
    expect([1, 3].map(found)).toEqual(['top3', 'top3']);
    expect([4, 10].map(found)).toEqual(['top10', 'top10']);
    expect([11, 19].map(found)).toEqual(['top19', 'top19']);
    expect(found(20)).toBe('beyond');
    expect(rankBand({ state: 'not_found', rank: null })).toBe('beyond');
  });

  it('greys out what was not measured, and switched-off points', () => {
    expect(rankBand({ state: 'error', rank: null })).toBe('none');
    expect(rankBand({ state: 'unmeasured', rank: null })).toBe('none');
    expect(rankBand({ state: 'found', rank: 2, enabled: false })).toBe('none');
  });

  it('writes the rank in the pin, 20+ when not found', () => {
    expect(pinText({ state: 'found', rank: 7 })).toBe('7');
    expect(pinText({ state: 'not_found', rank: null })).toBe('20+');
    expect(pinText({ state: 'unmeasured', rank: null })).toBe('–');
  });

  it('names a pin by its place on the grid', () => {
    expect(gridPlace(7, 5)).toEqual({ row: 1, col: 2 });
    expect(gridPlace(25, 5)).toBeNull();
    expect(pointDescription({ index: 7, state: 'found', rank: 3 }, 5)).toBe(
      'Point 8 (row 2, column 3): rank 3',
    );
  });
});
