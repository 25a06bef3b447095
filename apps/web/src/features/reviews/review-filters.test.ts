import { describe, expect, it } from 'vitest';
import { filtersFromParams, listQuery, paramsWith, summaryQuery } from './review-filters';

const TODAY = '2026-03-15';

describe('review filters in the address', () => {
  it('reads the filters, falling back to defaults for anything unknown', () => {
    const filters = filtersFromParams(
      new URLSearchParams('stars=2,1,9,2&replied=no&q=leak&sort=lowest&page=3&range=30_days'),
      TODAY,
    );
    expect(filters).toMatchObject({ stars: [1, 2], replied: 'no', q: 'leak', sort: 'lowest' });
    expect(filters.page).toBe(3);
    expect(filters.selection.range).toEqual({ from: '2026-02-14', to: TODAY });

    const plain = filtersFromParams(new URLSearchParams('replied=maybe&sort=x&page=-1'), TODAY);
    expect(plain).toMatchObject({ stars: [], replied: null, q: '', sort: 'newest', page: 1 });
    expect(plain.selection.preset).toBe('90_days');
  });

  it('starts again at page 1 on any change and leaves defaults out', () => {
    const current = new URLSearchParams('stars=1&page=4&range=30_days');
    expect(paramsWith(current, { replied: 'no' }).toString()).toBe(
      'stars=1&range=30_days&replied=no',
    );
    expect(paramsWith(current, { stars: [], sort: 'newest', q: '  ' }).toString()).toBe(
      'range=30_days',
    );
    expect(paramsWith(current, { page: 2 }).toString()).toBe('stars=1&page=2&range=30_days');
    const custom = new URLSearchParams({ range: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(paramsWith(current, { range: custom }).toString()).toBe(
      'stars=1&range=custom&from=2026-01-01&to=2026-01-31',
    );
  });

  it('asks the list for the filters and the page, the summary for the period only', () => {
    const filters = filtersFromParams(new URLSearchParams('stars=1,2&replied=no&q=leak'), TODAY);
    expect(Object.fromEntries(listQuery(filters, 'America/Chicago'))).toEqual({
      from: '2025-12-16',
      to: TODAY,
      tz: 'America/Chicago',
      stars: '1,2',
      replied: 'no',
      q: 'leak',
      sort: 'newest',
      page: '1',
      pageSize: '20',
    });
    expect(summaryQuery(filters.selection.range, undefined).toString()).toBe(
      'from=2025-12-16&to=2026-03-15',
    );
  });
});
