import type { Scan } from '@pinpoint/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Pager } from '../../../components/pager';
import { gridPlace, pointStatusText } from '../../../components/rank-grid/rank-bands';

const PAGE_SIZE = 100;

/**
 * The map's text alternative: every point with its place and outcome, 100 a page (a 21×21
 * grid has 441). "Results" opens the point, as clicking its pin does.
 */
export function PointsTable({
  scan,
  selectedIndex,
  onSelectPoint,
}: {
  scan: Pick<Scan, 'size' | 'shape' | 'points'>;
  selectedIndex: number | null;
  /** Without it the table has no "Results" column (e.g. while the scan runs). */
  onSelectPoint?: (index: number) => void;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(scan.points.length / PAGE_SIZE));
  const shown = scan.points.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <>
      <div className="rank-table-scroll">
        <Table size="sm" striped className="mb-0" data-testid="points-table">
          <caption className="caption-top">
            Every point of the grid (row 1 is the northernmost)
          </caption>
          <thead>
            <tr>
              <th scope="col">Point</th>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Outcome</th>
              <th scope="col">Rank</th>
              {onSelectPoint && (
                <th scope="col">
                  <span className="visually-hidden">Results</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((point) => {
              const place = scan.shape === 'square' ? gridPlace(point.index, scan.size) : null;
              return (
                <tr
                  key={point.index}
                  data-point-index={point.index}
                  data-point-state={point.enabled ? point.state : 'off'}
                  data-point-rank={point.rank ?? ''}
                  className={point.index === selectedIndex ? 'table-primary' : undefined}
                >
                  <td>{point.index + 1}</td>
                  <td>{place ? place.row + 1 : '—'}</td>
                  <td>{place ? place.col + 1 : '—'}</td>
                  <td>{pointStatusText(point)}</td>
                  <td>{point.rank ?? (point.state === 'not_found' ? '20+' : '—')}</td>
                  {onSelectPoint && (
                    <td>
                      <Button
                        size="sm"
                        variant="link"
                        className="p-0"
                        disabled={point.results.length === 0}
                        onClick={() => onSelectPoint(point.index)}
                        aria-label={`Results at point ${point.index + 1}`}
                      >
                        Results
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
      <Pager label="Point table pages" page={page} pages={pages} onPage={setPage} />
    </>
  );
}
