import { type DateRangePreset, type DayRange, todayIn } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { paramsForSelection } from '../../../lib/range-selection';
import type { ReviewScope } from '../api/review-scope';
import { useReviewEvents } from '../hooks/use-review-events';
import { filtersFromParams, type ListFilterChange, paramsWith } from '../review-filters';
import { NewReviewsNotice } from './new-reviews-notice';
import { ReviewFiltersBar } from './review-filters-bar';
import { ReviewList } from './review-list';
import { ReviewsSummary } from './reviews-summary';

/**
 * A reviews page below its title: the date range (the overview's picker and presets), the
 * summary, and the filtered list. Every filter lives in the address, so a reload or a
 * shared link shows the same reviews.
 */
export function ReviewsDashboard({
  scope,
  recommendations = false,
}: {
  scope: ReviewScope;
  /** A Facebook product: its reviews recommend (or not) instead of giving stars. */
  recommendations?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  // "Today" in the user's local time (DECISIONS.md "Data"); the API counts in the same zone.
  const today = todayIn();
  const filters = useMemo(() => filtersFromParams(params, today), [params, today]);
  const { fresh, dismiss } = useReviewEvents(scope);
  const { selection } = filters;

  const changeRange = (preset: DateRangePreset, custom?: DayRange) =>
    setParams(paramsWith(params, { range: paramsForSelection(preset, custom) }));
  const changeList = (change: ListFilterChange) =>
    // A new search replaces the address rather than adding a history entry per word.
    setParams(paramsWith(params, change), { replace: change.q !== undefined });
  const changePage = (page: number) => setParams(paramsWith(params, { page }));

  const filtered = filters.stars.length > 0 || filters.replied !== null || filters.q !== '';
  return (
    <div>
      <NewReviewsNotice fresh={fresh} onDismiss={dismiss} />
      <DateRangeFilter
        // A new range from outside (back, a link) starts the picker afresh.
        key={`${selection.preset}:${selection.range.from}:${selection.range.to}`}
        selection={selection}
        today={today}
        onChange={changeRange}
      />
      <ReviewsSummary scope={scope} range={selection.range} previousRange={selection.previous} />
      <section aria-labelledby="reviews-list-heading">
        <h2 id="reviews-list-heading" className="h5 mb-2">
          Review list
        </h2>
        <ReviewFiltersBar
          filters={filters}
          onChange={changeList}
          recommendations={recommendations}
        />
        <ReviewList scope={scope} filters={filters} onPage={changePage} filtered={filtered} />
      </section>
    </div>
  );
}
