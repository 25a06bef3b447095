import { ON_HOLD_SORTS, type OnHoldQuery } from '@pinpoint/contracts';
import Form from 'react-bootstrap/Form';

const SORT_LABELS: Record<OnHoldQuery['sort'], string> = {
  since: 'On hold longest',
  revenue: 'Monthly revenue',
  client: 'Client name',
};

/** The sort of both on-hold lists: what and which way (each change goes back to page 1). */
export function OnHoldSort({
  query,
  onChange,
}: {
  query: OnHoldQuery;
  onChange: (query: OnHoldQuery) => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      <Form.Select
        aria-label="Sort by"
        value={query.sort}
        onChange={(e) =>
          onChange({ ...query, sort: e.target.value as OnHoldQuery['sort'], page: 1 })
        }
        style={{ maxWidth: 220 }}
      >
        {ON_HOLD_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            Sort: {SORT_LABELS[sort]}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        aria-label="Order"
        value={query.dir}
        onChange={(e) => onChange({ ...query, dir: e.target.value as OnHoldQuery['dir'], page: 1 })}
        style={{ maxWidth: 180 }}
      >
        <option value="asc">{query.sort === 'since' ? 'Oldest first' : 'Ascending'}</option>
        <option value="desc">{query.sort === 'since' ? 'Newest first' : 'Descending'}</option>
      </Form.Select>
    </div>
  );
}

export const firstPage = (): OnHoldQuery => ({ sort: 'since', dir: 'asc', page: 1, pageSize: 25 });
