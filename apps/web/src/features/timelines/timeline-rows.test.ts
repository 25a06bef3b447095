import type { TimelineGroup, TimelineRow } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { chartColumns, flattenRows, groupRows, pointsBetween } from './timeline-rows';

const row = (over: Partial<TimelineRow> & { date: string; scan_id: number }): TimelineRow => ({
  item_id: 1,
  keyword: 'plumber',
  size: 7,
  radius: 5,
  average_total_grid_rank: 10,
  company_name: 'Alpha',
  display: 'plumber · 7×7 · 5 mi',
  location: 'Austin, TX',
  solv: 20,
  ...over,
});

const rows = [
  row({ date: '2025-01-10T12:00:00.000Z', scan_id: 1 }),
  row({ date: '2025-03-10T12:00:00.000Z', scan_id: 3 }),
  row({ date: '2025-03-05T12:00:00.000Z', scan_id: 4, display: 'plumber · 7×7 · 5 km' }),
  row({ date: '2025-02-20T12:00:00.000Z', scan_id: 5, item_id: null, size: 9 }),
  row({
    date: '2025-03-01T12:00:00.000Z',
    scan_id: 6,
    keyword: 'drain cleaning',
    display: 'drain cleaning · 7×7 · 5 mi',
  }),
];

describe('groupRows', () => {
  it('groups by item (null last), then by keyword, size, radius and unit', () => {
    const groups = groupRows(rows);
    expect(groups.map((g) => g.item_id)).toEqual([1, null]);
    expect(groups[0]?.configs.map((c) => [c.display, c.rows.map((r) => r.scan_id)])).toEqual([
      ['drain cleaning · 7×7 · 5 mi', [6]],
      ['plumber · 7×7 · 5 km', [4]],
      ['plumber · 7×7 · 5 mi', [3, 1]],
    ]);
    expect(groups[1]?.configs.map((c) => c.size)).toEqual([9]);
  });
});

describe('flattenRows', () => {
  it('lists every line point once, newest first', () => {
    const group: TimelineGroup = {
      item_id: 1,
      company_id: 1,
      company_name: 'Alpha',
      location: 'Austin, TX',
      lines: [
        {
          keyword: 'plumber',
          size: 7,
          radius: 5,
          unit: 'mi',
          display: 'x',
          points: rows.slice(0, 2),
        },
        {
          keyword: 'plumber',
          size: 7,
          radius: 5,
          unit: 'km',
          display: 'y',
          points: rows.slice(2, 3),
        },
      ],
    };
    expect(flattenRows([group]).map((r) => r.scan_id)).toEqual([3, 4, 1]);
  });
});

describe('pointsBetween and chartColumns', () => {
  it('keeps the range oldest first and gives uPlot seconds with gaps for no ATRP', () => {
    const within = pointsBetween(rows, '2025-02-01T00:00:00.000Z', '2025-03-06T00:00:00.000Z');
    expect(within.map((r) => r.scan_id)).toEqual([5, 6, 4]);
    const [xs, ys] = chartColumns([
      row({ date: '2025-01-01T00:00:00.000Z', scan_id: 9, average_total_grid_rank: null }),
    ]);
    expect(xs).toEqual([1735689600]);
    expect(ys).toEqual([null]);
  });
});
