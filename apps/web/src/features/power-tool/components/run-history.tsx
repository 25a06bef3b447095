import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCents, formatDateTime } from '../../../lib/format';
import { useSalesHistory } from '../api/workspace-data';

/** Every batch run on the prospect, newest first: who ran it, what, and what it cost. */
export function RunHistory({ containerId }: { containerId: number }) {
  const history = useSalesHistory(containerId);
  let content: React.ReactNode;
  if (history.isPending) content = <Loading what="the runs" />;
  else if (history.isError) {
    content = (
      <LoadError what="The runs" error={history.error} onRetry={() => void history.refetch()} />
    );
  } else if (history.data.runs.length === 0) {
    content = <p className="text-body-secondary">No batch has run on this prospect yet.</p>;
  } else {
    content = (
      <ScrollingTable label="Batch runs">
        <Table size="sm" className="align-middle small" data-testid="sales-runs">
          <caption className="visually-hidden">Batch runs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Keywords</th>
              <th scope="col">Grid</th>
              <th scope="col">Grids done</th>
              <th scope="col">Estimated cost</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {history.data.runs.map((run) => (
              <tr key={run.id}>
                <td>
                  <time dateTime={run.createdAt}>{formatDateTime(run.createdAt)}</time>
                </td>
                <td>{run.keywords.join(', ')}</td>
                <td>
                  {run.grid.size}×{run.grid.size}, {run.grid.radius} {run.grid.unit}
                </td>
                <td>
                  {run.grids.filter((g) => g.status === 'done').length} of {run.grids.length}
                </td>
                <td>{formatCents(run.estimatedCents)}</td>
                <td>{run.requestedByName ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
    );
  }
  return (
    <section aria-labelledby="sales-runs-title" className="mb-4">
      <h2 id="sales-runs-title" className="h5">
        Runs
      </h2>
      {content}
    </section>
  );
}
