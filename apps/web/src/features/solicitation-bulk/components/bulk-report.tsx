import {
  BULK_FIELD_LABELS,
  BULK_ROW_STATE_LABELS,
  type BulkBatch,
  type BulkCounts,
  type BulkField,
  type BulkRowState,
} from '@pinpoint/contracts';
import { useId } from 'react';
import { Pager } from '../../../components/pager';
import type { ProblemFilter } from '../api/get-batch';

const STATES: Array<keyof BulkCounts> = ['ok', 'invalid', 'duplicate', 'opted-out', 'recent'];
const BADGE: Record<BulkRowState, string> = {
  ok: 'text-bg-success',
  invalid: 'text-bg-danger',
  duplicate: 'text-bg-warning',
  'opted-out': 'text-bg-secondary',
  recent: 'text-bg-info',
  pending: 'text-bg-light',
};

/**
 * Step 3: how many rows are ready and why the others are not, with their line numbers in
 * the file (a page at a time, all problems or one kind).
 */
export function BulkReport({
  batch,
  filter,
  onFilter,
  onPage,
}: {
  batch: BulkBatch;
  filter: ProblemFilter;
  onFilter: (filter: ProblemFilter) => void;
  onPage: (page: number) => void;
}) {
  const id = useId();
  const counts = batch.counts;
  if (!counts) return null;
  const { rows, page, pageSize, total } = batch.problems;
  const problemTotal = counts.invalid + counts.duplicate + counts['opted-out'] + counts.recent;
  const fields = Object.keys(batch.mapping ?? {}).filter(
    (field) => batch.mapping?.[field as BulkField],
  ) as BulkField[];

  return (
    <section aria-labelledby={`${id}-title`} data-testid="bulk-report">
      <h3 id={`${id}-title`} className="h6">
        Checked {batch.rowCount.toLocaleString('en-US')} rows
      </h3>
      <ul className="list-inline mb-3" aria-label="Rows by state" data-testid="bulk-counts">
        {STATES.map((state) => (
          <li className="list-inline-item mb-1" key={state}>
            <span className={`badge ${BADGE[state]} fs-6 fw-normal`}>
              {BULK_ROW_STATE_LABELS[state]}: {counts[state].toLocaleString('en-US')}
            </span>
          </li>
        ))}
      </ul>
      {problemTotal === 0 ? (
        <p className="text-success">Every row is ready to send.</p>
      ) : (
        <>
          <div className="d-flex align-items-center gap-2 mb-2">
            <label htmlFor={`${id}-filter`} className="form-label mb-0">
              Show
            </label>
            <select
              id={`${id}-filter`}
              className="form-select form-select-sm w-auto"
              value={filter ?? ''}
              onChange={(e) => onFilter((e.target.value || null) as ProblemFilter)}
            >
              <option value="">Every row not sent ({problemTotal.toLocaleString('en-US')})</option>
              {STATES.filter((s) => s !== 'ok' && counts[s] > 0).map((state) => (
                <option key={state} value={state}>
                  {BULK_ROW_STATE_LABELS[state]} ({counts[state].toLocaleString('en-US')})
                </option>
              ))}
            </select>
          </div>
          <div className="table-responsive">
            <table className="table table-sm small" data-testid="bulk-problems">
              <caption className="caption-top">
                These rows will not be sent. Fix them in the file and upload it again, or send the
                others.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">State</th>
                  <th scope="col">Problem</th>
                  {fields.map((field) => (
                    <th scope="col" key={field}>
                      {BULK_FIELD_LABELS[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line}>
                    <th scope="row">{row.line}</th>
                    <td>
                      <span className={`badge ${BADGE[row.state]}`}>
                        {BULK_ROW_STATE_LABELS[row.state]}
                      </span>
                    </td>
                    <td>{row.problems.join(' ')}</td>
                    {fields.map((field) => (
                      <td key={field}>{row.values[field] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Pages of rows not sent"
            page={page}
            pages={Math.max(1, Math.ceil(total / pageSize))}
            onPage={onPage}
          />
        </>
      )}
    </section>
  );
}
