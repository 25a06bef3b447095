import { describe, expect, it } from 'vitest';
import { pointsOf } from './report-grid';

describe('the report grid as heatmap points', () => {
  it('makes each rank a found point and each null a measured point not in the top 20', () => {
    const points = pointsOf({ ranks: [3, null, 12, 1] });
    expect(points.map((p) => [p.index, p.state, p.rank])).toEqual([
      [0, 'found', 3],
      [1, 'not_found', null],
      [2, 'found', 12],
      [3, 'found', 1],
    ]);
  });
});
