import type { ClientRecord, TopRankingEntry } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { filterRows, joinClients, optionsOf, sortRows } from './top-clients-rows';

const entry = (rank: number, companyName: string, atrp: number | null, solv: number | null) =>
  ({
    rank,
    companyId: rank,
    companyName,
    atrp,
    solv,
    keywords: 2,
    latestScanAt: `2025-03-0${rank}T00:00:00.000Z`,
  }) satisfies TopRankingEntry;

const record = (id: number, city: string | null, vertical: string | null) =>
  ({
    id,
    city,
    state: 'TX',
    vertical: vertical && { id, slug: vertical, name: vertical },
  }) as ClientRecord;

const rows = joinClients(
  [entry(1, 'Bravo', 3, 60), entry(2, 'alpha', 5, null), entry(3, 'Charlie', null, 10)],
  [record(1, 'Austin', 'Plumbing'), record(2, 'Tampa', 'Dental'), record(3, null, 'Plumbing')],
);

describe('top clients rows', () => {
  it('joins each ranked client with its vertical and metro', () => {
    expect(rows.map((r) => [r.vertical, r.metro])).toEqual([
      ['Plumbing', 'Austin, TX'],
      ['Dental', 'Tampa, TX'],
      ['Plumbing', null],
    ]);
    expect(optionsOf(rows, (r) => r.metro)).toEqual(['Austin, TX', 'Tampa, TX']);
  });

  it('sorts by a column either way, names without case, no value always last', () => {
    const names = (key: Parameters<typeof sortRows>[1], dir: Parameters<typeof sortRows>[2]) =>
      sortRows(rows, key, dir).map((r) => r.companyName);
    expect(names('companyName', 'ascending')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(names('atrp', 'descending')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(names('solv', 'ascending')).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(names('solv', 'descending')).toEqual(['Bravo', 'Charlie', 'alpha']);
    expect(names('rank', 'descending')).toEqual(['Charlie', 'alpha', 'Bravo']);
  });

  it('filters by vertical and metro', () => {
    expect(filterRows(rows, { vertical: 'Plumbing', metro: '' }).map((r) => r.rank)).toEqual([
      1, 3,
    ]);
    expect(filterRows(rows, { vertical: 'Plumbing', metro: 'Austin, TX' })).toHaveLength(1);
  });
});
