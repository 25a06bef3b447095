import { formatInstantDateTime } from '@pinpoint/contracts';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { useBatches } from '../api/batches-api';

/** Recent batches, newest first, 20 a page; "Show" opens one above with its summary. */
export function RecentBatches({
  shownId,
  onShow,
}: {
  shownId: number | null;
  onShow: (id: number) => void;
}) {
  const [page, setPage] = useState(1);
  const batches = useBatches(page);
  const pages = batches.data
    ? Math.max(1, Math.ceil(batches.data.total / batches.data.pageSize))
    : 1;

  return (
    <section aria-labelledby="recent-batches-heading">
      <h2 id="recent-batches-heading" className="h5">
        Recent batches
      </h2>
      {batches.isPending && <Loading what="batches" />}
      {batches.isError && (
        <LoadError what="The batches" error={batches.error} onRetry={() => batches.refetch()} />
      )}
      {batches.data && batches.data.items.length === 0 && (
        <p className="text-body-secondary">No batch has run yet.</p>
      )}
      {batches.data && batches.data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Recent batches">
          <thead>
            <tr>
              <th scope="col">Batch</th>
              <th scope="col">Started</th>
              <th scope="col">Status</th>
              <th scope="col" className="text-end">
                Scans
              </th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {batches.data.items.map((batch) => (
              <tr key={batch.id} className={batch.id === shownId ? 'table-active' : undefined}>
                <td>{batch.id}</td>
                <td className="text-nowrap small">{formatInstantDateTime(batch.createdAt)}</td>
                <td>
                  <Badge
                    bg={
                      batch.status === 'done'
                        ? 'success'
                        : batch.status === 'failed'
                          ? 'danger'
                          : 'primary'
                    }
                  >
                    {batch.status}
                  </Badge>
                </td>
                <td className="text-end">
                  {batch.scansDone}/{batch.scansTotal}
                  {batch.scansSkipped > 0 && ` (${batch.scansSkipped} skipped)`}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => onShow(batch.id)}
                    aria-label={`Show batch ${batch.id}`}
                  >
                    Show
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager label="Batch pages" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
