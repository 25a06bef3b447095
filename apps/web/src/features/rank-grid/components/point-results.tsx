import type { ScanPoint } from '@pinpoint/contracts';
import Button from 'react-bootstrap/Button';
import { pointStatusText } from '../../../components/rank-grid/rank-bands';

/** The local results at one point, best first, with our business highlighted. */
export function PointResults({ point, onClose }: { point: ScanPoint; onClose: () => void }) {
  // A found point's rank is the business's own position in these results.
  const ours = point.state === 'found' && point.rank !== null ? point.rank - 1 : -1;
  return (
    <section
      className="border rounded p-2 mb-3"
      aria-labelledby="point-results-title"
      data-testid="point-results"
    >
      <div className="d-flex justify-content-between align-items-start gap-2">
        <h3 className="h6 mb-2" id="point-results-title">
          Point {point.index + 1}: {pointStatusText(point)}
        </h3>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {point.results.length === 0 ? (
        <p className="small text-body-secondary mb-0">No results were recorded at this point.</p>
      ) : (
        <ol className="small mb-0 ps-4">
          {point.results.map((result, position) => (
            <li
              key={result.placeId}
              className={
                position === ours ? 'fw-bold text-primary-emphasis bg-primary-subtle' : undefined
              }
            >
              {result.name}
              {position === ours && <span> (your business)</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
