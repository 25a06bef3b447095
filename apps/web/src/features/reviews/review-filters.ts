import { type DayRange, REVIEW_SORTS } from '@pinpoint/contracts';
import { type RangeSelection, selectionFromParams } from '../../lib/range-selection';

export type ReviewSort = (typeof REVIEW_SORTS)[number];
export type RepliedFilter = 'yes' | 'no';

/** The list's filters as the address bar keeps them, so a reload or a shared link keeps them. */
export interface ReviewFilters {
  /** Star ratings to show, ascending; empty means all. */
  stars: number[];
  replied: RepliedFilter | null;
  q: string;
  sort: ReviewSort;
  page: number;
  /** The date range picker's choice (the same presets and address keys as the overview). */
  selection: RangeSelection;
}

export const REVIEWS_PAGE_SIZE = 20;

function parseStars(value: string | null): number[] {
  if (!value) return [];
  const stars = new Set(
    value
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= 5),
  );
  return [...stars].sort();
}

/**
 * Reads the filters from the query string. Anything unknown falls back to its default, so
 * a stale or hand-edited address never breaks the page.
 */
export function filtersFromParams(params: URLSearchParams, today: string): ReviewFilters {
  const replied = params.get('replied');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    stars: parseStars(params.get('stars')),
    replied: replied === 'yes' || replied === 'no' ? replied : null,
    q: (params.get('q') ?? '').slice(0, 200),
    sort: REVIEW_SORTS.find((s) => s === sort) ?? 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    selection: selectionFromParams(params, today),
  };
}

/** Filter keys other than the date range (which `paramsForSelection` writes). */
export type ListFilterChange = Partial<Pick<ReviewFilters, 'stars' | 'replied' | 'q' | 'sort'>>;

/**
 * The query string after a change. Any filter change starts again at page 1; defaults are
 * left out, so the plain address stays plain.
 */
export function paramsWith(
  current: URLSearchParams,
  change: ListFilterChange & { page?: number; range?: URLSearchParams },
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  if (change.range) {
    for (const key of ['range', 'from', 'to']) next.delete(key);
    for (const [key, value] of change.range) next.set(key, value);
  }
  if (change.stars) set('stars', change.stars.join(','));
  if (change.replied !== undefined) set('replied', change.replied);
  if (change.q !== undefined) set('q', change.q.trim());
  if (change.sort) set('sort', change.sort === 'newest' ? null : change.sort);
  set('page', change.page && change.page > 1 ? String(change.page) : null);
  return next;
}

/** The summary's query: the period only (and the zone its days are counted in). */
export function summaryQuery(range: DayRange, timeZone: string | undefined): URLSearchParams {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (timeZone) query.set('tz', timeZone);
  return query;
}

/** The list's query: the period, the list's filters, its order and page. */
export function listQuery(filters: ReviewFilters, timeZone: string | undefined): URLSearchParams {
  const query = summaryQuery(filters.selection.range, timeZone);
  if (filters.stars.length) query.set('stars', filters.stars.join(','));
  if (filters.replied) query.set('replied', filters.replied);
  if (filters.q.trim()) query.set('q', filters.q.trim());
  query.set('sort', filters.sort);
  query.set('page', String(filters.page));
  query.set('pageSize', String(REVIEWS_PAGE_SIZE));
  return query;
}
