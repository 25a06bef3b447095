import type { SalesReportGrid, SharedScanPoint } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { GridHeatmap } from '../../../components/rank-grid/grid-heatmap';
import { formatRank, formatSolv } from '../../../components/rank-metrics';
import { formatCount, formatDate } from '../../../lib/format';

/**
 * The report's grids carry ranks only (null: not in the top 20 there); the shared scan's
 * heatmap draws points, so each rank becomes a measured point without coordinates.
 */
export function pointsOf(grid: Pick<SalesReportGrid, 'ranks'>): SharedScanPoint[] {
  return grid.ranks.map((rank, index) => ({
    index,
    lat: 0,
    lng: 0,
    state: rank === null ? 'not_found' : 'found',
    rank,
    top: [],
  }));
}

/** One keyword's heatmap, its figures, the ranks as a table and who leads there. */
export function ReportGrid({ grid, headingId }: { grid: SalesReportGrid; headingId: string }) {
  const m = grid.metrics;
  const rows = Array.from({ length: grid.size }, (_, row) =>
    grid.ranks.slice(row * grid.size, (row + 1) * grid.size),
  );
  const leaders = (grid.leaders ?? []).slice(0, 3);
  return (
    <section aria-labelledby={headingId} className="mb-4" data-testid="report-grid">
      <h3 id={headingId} className="h5 text-break">
        “{grid.keyword}”
      </h3>
      <p className="small text-body-secondary mb-2">
        {grid.size}×{grid.size} points over {grid.radius} {grid.unit} around the business
        {grid.finishedAt ? (
          <>
            {' '}
            · measured <time dateTime={grid.finishedAt}>{formatDate(grid.finishedAt)}</time>
          </>
        ) : (
          ' · still running'
        )}
      </p>
      <dl className="row row-cols-2 row-cols-md-4 g-2 small mb-2">
        <div>
          <dt className="fw-normal text-body-secondary">ATRP</dt>
          <dd className="h5 mb-0">{formatRank(m?.atrp)}</dd>
        </div>
        <div>
          <dt className="fw-normal text-body-secondary">ARP</dt>
          <dd className="h5 mb-0">{formatRank(m?.arp)}</dd>
        </div>
        <div>
          <dt className="fw-normal text-body-secondary">SoLV</dt>
          <dd className="h5 mb-0">{formatSolv(m?.solv)}</dd>
        </div>
        <div>
          <dt className="fw-normal text-body-secondary">Ranks 1–3 at</dt>
          <dd className="h5 mb-0">
            {m ? `${formatCount(m.top3)} of ${formatCount(m.measured)}` : '—'}
          </dd>
        </div>
      </dl>
      <GridHeatmap size={grid.size} points={pointsOf(grid)} />
      {leaders.length > 0 && (
        <p className="small mt-2 mb-1 text-break">
          Leading here: {leaders.map((l) => l.name).join(', ')}.
        </p>
      )}
      <details className="small mt-1">
        <summary>The ranks as a table</summary>
        <div className="table-responsive">
          <Table size="sm" bordered className="text-center mt-2 mb-0">
            <caption className="caption-top">
              Rank at each point for “{grid.keyword}”: row 1 is the northernmost, column 1 the
              westernmost; 20+ means not in the top 20.
            </caption>
            <thead>
              <tr>
                <td />
                {rows[0]?.map((_, col) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                  <th scope="col" key={col}>
                    {col + 1}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((ranks, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
                <tr key={row}>
                  <th scope="row">{row + 1}</th>
                  {ranks.map((rank, col) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                    <td key={col}>{rank ?? '20+'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </section>
  );
}
