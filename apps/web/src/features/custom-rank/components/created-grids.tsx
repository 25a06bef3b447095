import { type CreatedGrid, formatInstantDateTime } from '@pinpoint/contracts';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import {
  describeSettings,
  formatRank,
  formatSolv,
  SCAN_STATUS_LABELS,
} from '../../../components/rank-metrics';
import { formatCount } from '../../../lib/format';
import { CREATED_GRIDS_PAGE_SIZE, useCreatedGrids } from '../api/get-created-grids';

const STATUS_VARIANT: Record<CreatedGrid['status'], string> = {
  queued: 'secondary',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

function status(grid: CreatedGrid): string {
  const label = SCAN_STATUS_LABELS[grid.status];
  if (grid.status !== 'running' && grid.status !== 'queued') return label;
  return `${label} ${Math.round((100 * grid.pointsDone) / Math.max(1, grid.pointsTotal))}%`;
}

/** The grids this employee ran on prospects, 20 a page, newest first, each linking to its view. */
export function CreatedGrids({
  viewHref,
  runHref,
}: {
  viewHref: (scanId: number) => string;
  runHref: string;
}) {
  const [page, setPage] = useState(1);
  const grids = useCreatedGrids(page);
  if (grids.isPending) return <Loading what="your grids" />;
  if (grids.isError) {
    return <LoadError what="Your grids" error={grids.error} onRetry={() => void grids.refetch()} />;
  }
  const { total, grids: rows } = grids.data;
  if (total === 0) {
    return (
      <p className="text-body-secondary">
        You have not run a custom grid yet. <Link to={runHref}>Run one for a prospect</Link>.
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(total / CREATED_GRIDS_PAGE_SIZE));
  return (
    <>
      <p className="text-body-secondary small">
        {total} grid{total === 1 ? '' : 's'}, newest first.
      </p>
      <Table responsive size="sm" className="align-middle" aria-label="Custom rank grids">
        <thead>
          <tr>
            <th scope="col">Business</th>
            <th scope="col">Keyword and settings</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">
              <abbr title="Average total rank over the grid, not found counted as 21">ATRP</abbr>
            </th>
            <th scope="col" className="text-end">
              <abbr title="Share of local voice: points ranked 1 to 3">SoLV</abbr>
            </th>
            <th scope="col" className="text-end">
              Found in
            </th>
            <th scope="col">Run at</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((grid) => (
            <tr key={grid.scanId}>
              <td>
                <Link
                  to={viewHref(grid.scanId)}
                  aria-label={`View ${grid.businessName}: ${describeSettings(grid)}`}
                >
                  {grid.businessName}
                </Link>
              </td>
              <td>{describeSettings(grid)}</td>
              <td>
                <Badge bg={STATUS_VARIANT[grid.status]}>{status(grid)}</Badge>
              </td>
              <td className="text-end">{formatRank(grid.metrics?.atrp)}</td>
              <td className="text-end">{formatSolv(grid.metrics?.solv)}</td>
              <td className="text-end">
                {formatCount(grid.metrics?.foundIn)}
                {grid.metrics && ` of ${grid.pointsTotal}`}
              </td>
              <td className="text-nowrap">{formatInstantDateTime(grid.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Pager label="Custom grid pages" page={page} pages={pages} onPage={setPage} />
    </>
  );
}
