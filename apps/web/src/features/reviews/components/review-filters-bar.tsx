import { REVIEW_SORT_LABELS, REVIEW_SORTS } from '@pinpoint/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { type FilterOption, FilterSelect } from '../../../components/filter-select';
import type { ListFilterChange, RepliedFilter, ReviewFilters, ReviewSort } from '../review-filters';

const REPLIED_OPTIONS: readonly FilterOption<RepliedFilter>[] = [
  { value: 'no', label: 'Not replied' },
  { value: 'yes', label: 'Replied' },
];

/** Long enough to finish a word, short enough to feel immediate. */
const SEARCH_DELAY_MS = 350;

/**
 * The text search, applied once typing pauses, so each keystroke is not a request. The
 * field follows the address when it changes from outside (back, a link), but not when the
 * change is its own search coming back, which would disturb the typing.
 */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = window.setTimeout(() => {
      sent.current = text.trim();
      latest.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <Form.Group controlId={`${id}-q`} style={{ minWidth: 220 }} className="flex-grow-1">
      <Form.Label className="small mb-1">Search reviews</Form.Label>
      <Form.Control
        type="search"
        value={text}
        maxLength={200}
        placeholder="Words in the review or the reviewer's name"
        onChange={(e) => setText(e.target.value)}
      />
    </Form.Group>
  );
}

const STAR_CHOICES = [1, 2, 3, 4, 5].map((stars) => ({
  stars,
  label: `${stars} star${stars === 1 ? '' : 's'}`,
}));
/** Facebook has no stars: the API counts a recommendation as 5 and its opposite as 1. */
const RECOMMENDATION_CHOICES = [
  { stars: 5, label: 'Recommends' },
  { stars: 1, label: "Doesn't recommend" },
];

type Shown = Pick<ReviewFilters, 'stars' | 'replied' | 'sort'>;
const pickShown = ({ stars, replied, sort }: ReviewFilters): Shown => ({ stars, replied, sort });

/** The list's filters: star ratings, replied or not, a text search, and the order. */
export function ReviewFiltersBar({
  filters,
  onChange,
  recommendations = false,
}: {
  filters: ReviewFilters;
  onChange: (change: ListFilterChange) => void;
  /** Facebook reviews: filter by recommendation rather than by stars. */
  recommendations?: boolean;
}) {
  const id = useId();
  // The controls answer at once; the address (and so `filters`) follows after the route's
  // loaders have run. Until then a controlled checkbox would spring back, and a second
  // click would be counted from the old state.
  const [shown, setShown] = useState<Shown>(() => pickShown(filters));
  const fromAddress = `${filters.stars.join(',')}|${filters.replied}|${filters.sort}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's values are its identity
  useEffect(() => setShown(pickShown(filters)), [fromAddress]);
  const change = (next: Partial<Shown>) => {
    setShown((current) => ({ ...current, ...next }));
    onChange(next);
  };
  const toggleStar = (stars: number, on: boolean) =>
    change({
      stars: on ? [...shown.stars, stars].sort() : shown.stars.filter((s) => s !== stars),
    });
  return (
    <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
      <fieldset>
        <legend className="small mb-1 fs-6">{recommendations ? 'Recommendation' : 'Stars'}</legend>
        <div className="d-flex flex-wrap gap-2">
          {(recommendations ? RECOMMENDATION_CHOICES : STAR_CHOICES).map(({ stars, label }) => (
            <Form.Check
              key={stars}
              inline
              className="me-1"
              id={`${id}-stars-${stars}`}
              type="checkbox"
              label={label}
              checked={shown.stars.includes(stars)}
              onChange={(e) => toggleStar(stars, e.target.checked)}
            />
          ))}
        </div>
      </fieldset>
      <FilterSelect
        id={`${id}-replied`}
        label="Reply"
        allLabel="All reviews"
        size={undefined}
        value={shown.replied}
        options={REPLIED_OPTIONS}
        onChange={(replied) => change({ replied })}
      />
      <SearchField value={filters.q} onSearch={(q) => onChange({ q })} />
      <Form.Group controlId={`${id}-sort`}>
        <Form.Label className="small mb-1">Sort</Form.Label>
        <Form.Select
          value={shown.sort}
          onChange={(e) => change({ sort: e.target.value as ReviewSort })}
        >
          {REVIEW_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {REVIEW_SORT_LABELS[sort]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}
