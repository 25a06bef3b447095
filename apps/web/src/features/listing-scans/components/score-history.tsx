import { formatInstantDay } from '@pinpoint/contracts';

interface Point {
  scanId: number;
  at: string;
  score: number;
}

const WIDTH = 320;
const HEIGHT = 64;

/**
 * The NAP consistency score over time: a small line (0–100) for the eye, and the same
 * points as a table for screen readers and anyone who wants the numbers.
 */
export function ScoreHistory({ points }: { points: Point[] }) {
  if (points.length === 0) {
    return <p className="text-body-secondary mb-0">No finished scans yet.</p>;
  }
  const step = points.length > 1 ? WIDTH / (points.length - 1) : 0;
  const y = (score: number) => HEIGHT - 4 - (score / 100) * (HEIGHT - 8);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${y(p.score).toFixed(1)}`)
    .join(' ');
  const first = points[0];
  const last = points.at(-1);
  return (
    <div>
      <svg
        viewBox={`-4 0 ${WIDTH + 8} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Score over ${points.length} scans: from ${first?.score} to ${last?.score}`}
        preserveAspectRatio="none"
        className="d-block"
      >
        <line x1={0} x2={WIDTH} y1={y(50)} y2={y(50)} stroke="currentColor" strokeOpacity={0.15} />
        <path
          d={path}
          fill="none"
          stroke="var(--bs-primary)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {points.map((p, i) => (
          <circle key={p.scanId} cx={i * step} cy={y(p.score)} r={2.5} fill="var(--bs-primary)" />
        ))}
      </svg>
      <details className="mt-2">
        <summary className="small">Score history as a table</summary>
        <table className="table table-sm small mb-0 mt-2">
          <caption className="visually-hidden">NAP consistency score by scan</caption>
          <thead>
            <tr>
              <th scope="col">Scanned</th>
              <th scope="col" className="text-end">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={p.scanId}>
                <td>{formatInstantDay(p.at)}</td>
                <td className="text-end">{p.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
