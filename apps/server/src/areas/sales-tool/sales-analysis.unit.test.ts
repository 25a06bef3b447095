import { describe, expect, it } from 'vitest';
import { areaOf, competitorsOf, type ProspectGrid } from './sales-analysis';

/** A finished 3×3 grid whose points list the given result names, best first. */
function grid(keyword: string, results: string[][]): ProspectGrid {
  return {
    scanId: 1,
    keyword,
    size: 3,
    radius: 1,
    unit: 'mi',
    status: 'done',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    finishedAt: new Date('2025-01-01T00:05:00Z'),
    metrics: null,
    pointsDone: 9,
    pointsTotal: 9,
    ranks: results.map((names) => {
      const at = names.indexOf('Prospect');
      return at < 0 ? null : at + 1;
    }),
    points: results.map((names, index) => ({
      index,
      state: 'found' as const,
      rank: null,
      top: names.map((name, position) => ({
        name,
        placeId: name === 'Nameless' ? null : `place-${name}`,
        rank: position + 1,
      })),
    })),
  };
}

describe('areaOf', () => {
  it('names the compass area of each point of a 3×3 grid, row 0 north, column 0 west', () => {
    expect(Array.from({ length: 9 }, (_, index) => areaOf(index, 3))).toEqual([
      'north-west',
      'north',
      'north-east',
      'west',
      'centre',
      'east',
      'south-west',
      'south',
      'south-east',
    ]);
  });

  it('puts a point two steps north and one east in the north sector of a 7×7 grid', () => {
    // row 1, col 4: 2 north, 1 east → 63°, nearer north-east's 45° than north's 90°.
    expect(areaOf(1 * 7 + 4, 7)).toBe('north-east');
    // row 0, col 4: 3 north, 1 east → 72°: north.
    expect(areaOf(0 * 7 + 4, 7)).toBe('north');
    expect(areaOf(24, 7)).toBe('centre');
    expect(areaOf(48, 7)).toBe('south-east');
  });
});

describe('competitorsOf', () => {
  it('counts top-3 points, appearances, average rank and the strongest area, leaving out the prospect', () => {
    // Acme leads the south-east corner; Best appears everywhere at rank 2–4.
    const points = [
      ['Best', 'Prospect', 'Other'], // NW
      ['Prospect', 'Best'], // N
      ['Prospect', 'Best'], // NE
      ['Best', 'Other', 'X', 'Acme'], // W
      ['Prospect', 'Best'], // centre
      ['Acme', 'Best'], // E
      ['Other', 'Best'], // SW
      ['Acme', 'Other', 'Best'], // S
      ['Acme', 'Nameless', 'Best'], // SE
    ];
    const competitors = competitorsOf([grid('plumber', points)], {
      name: 'Prospect',
      placeId: 'place-Prospect',
    });
    expect(competitors.map((c) => c.name)).toEqual(['Best', 'Other', 'Acme', 'Nameless', 'X']);
    const best = competitors[0];
    expect(best).toMatchObject({ top3Points: 9, points: 9, placeId: 'place-Best' });
    const acme = competitors.find((c) => c.name === 'Acme');
    expect(acme).toMatchObject({ top3Points: 3, points: 4, averageRank: 1.8 });
    // Acme: rank 1 in E, S and SE (one point each): ties broken by appearances, then average.
    expect(['east', 'south', 'south-east']).toContain(acme?.strongestArea);
    expect(competitors.find((c) => c.name === 'Nameless')?.placeId).toBeNull();
    expect(competitors.some((c) => c.name === 'Prospect')).toBe(false);
  });

  it('matches the prospect by name when it has no place id, and keeps at most ten', () => {
    const names = Array.from({ length: 12 }, (_, i) => `Shop ${i}`);
    const points = Array.from({ length: 9 }, () => ['prospect  ', ...names]);
    const competitors = competitorsOf([grid('a', points), grid('b', points)], {
      name: 'Prospect',
      placeId: null,
    });
    expect(competitors).toHaveLength(10);
    expect(competitors[0]).toMatchObject({ name: 'Shop 0', top3Points: 18, points: 18 });
    expect(competitors[2]).toMatchObject({ name: 'Shop 2', top3Points: 0, averageRank: 4 });
    expect(competitors.some((c) => c.name.trim().toLowerCase() === 'prospect')).toBe(false);
  });
});
