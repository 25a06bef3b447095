import {
  POINT_STATE_LABELS,
  RANK_BANDS,
  type RankBand,
  rankBandOf,
  rankCellLabel,
  type SharedScanPoint,
} from '@pinpoint/contracts';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Pager } from '../pager';

/** Rows per page of the points table (a 21×21 grid has 441 points). */
const POINTS_PAGE_SIZE = 100;

/**
 * A scan's grid as coloured, numbered cells: a plain CSS grid, so the public page needs no
 * map library. It scales with its container down to 375 px; the picture is decorative for
 * screen readers, which get the same numbers in the points table below it.
 */
export function GridHeatmap({ size, points }: { size: number; points: SharedScanPoint[] }) {
  const byIndex = new Map(points.map((point) => [point.index, point]));
  const cells = Array.from({ length: size * size }, (_, index) => {
    const point = byIndex.get(index);
    const state = point?.state ?? 'unmeasured';
    const rank = point?.rank ?? null;
    return { index, band: rankBandOf(state, rank), label: rankCellLabel(state, rank) };
  });
  return (
    <div>
      <div
        aria-hidden="true"
        data-testid="grid-heatmap"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${size}, minmax(0, 1fr))`,
          gap: 2,
          maxWidth: 480,
          // Small grids keep readable cells; big ones shrink the numbers with the cells.
          fontSize: size <= 7 ? '1rem' : size <= 13 ? '0.7rem' : '0.55rem',
        }}
      >
        {cells.map((cell) => (
          <div
            key={cell.index}
            style={{
              aspectRatio: '1 / 1',
              background: RANK_BANDS[cell.band].fill,
              color: RANK_BANDS[cell.band].text,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 700,
              borderRadius: 2,
            }}
          >
            {cell.label}
          </div>
        ))}
      </div>
      <BandLegend />
    </div>
  );
}

function BandLegend() {
  return (
    <ul className="list-inline small mt-2 mb-0" aria-label="Cell colours">
      {(Object.keys(RANK_BANDS) as RankBand[]).map((band) => (
        <li key={band} className="list-inline-item me-3">
          <span
            aria-hidden="true"
            className="d-inline-block me-1 align-middle"
            style={{ width: 12, height: 12, background: RANK_BANDS[band].fill, borderRadius: 2 }}
          />
          {RANK_BANDS[band].label}
        </li>
      ))}
    </ul>
  );
}

/** The grid as data: one row per point, row and column counted from the north-west corner. */
export function PointsTable({ size, points }: { size: number; points: SharedScanPoint[] }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(points.length / POINTS_PAGE_SIZE));
  const shown = points.slice((page - 1) * POINTS_PAGE_SIZE, page * POINTS_PAGE_SIZE);
  return (
    <>
      <div className="table-responsive">
        <Table size="sm" className="align-middle">
          <caption className="caption-top">
            Every point of the grid (row 1 is the northernmost, column 1 the westernmost)
          </caption>
          <thead>
            <tr>
              <th scope="col">Point</th>
              <th scope="col">Rank</th>
              <th scope="col">Top results</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((point) => (
              <tr key={point.index}>
                <th scope="row" className="fw-normal">
                  Row {Math.floor(point.index / size) + 1}, column {(point.index % size) + 1}
                </th>
                <td>{point.state === 'found' ? point.rank : POINT_STATE_LABELS[point.state]}</td>
                <td style={{ minWidth: '10rem' }}>{point.top.join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Pager label="Grid point pages" page={page} pages={pages} onPage={setPage} />
    </>
  );
}
