import { formatInstantDay, type TimelineRow } from '@pinpoint/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChartWithData } from '../../../components/chart-with-data';
import { formatRank, formatSolv } from '../../../components/rank-metrics';
import { chartColumns } from '../timeline-rows';

const HEIGHT = 220;

/**
 * One timeline line as an ATRP chart. uPlot is imported here, on first draw, so it only ever
 * sits in a lazily loaded chunk. Lower ATRP is better, so the y axis runs downwards (rank 1
 * at the top), as rank charts usually do; the caption says so. The numbers are also in a
 * data table behind "Show data", the chart's text alternative.
 */
export function TimelineChart({
  title,
  points,
  viewHref,
}: {
  title: string;
  /** Oldest first. */
  points: TimelineRow[];
  viewHref?: (scanId: number) => string;
}) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    let cancelled = false;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null =
      null;
    let observer: ResizeObserver | null = null;
    (async () => {
      const [{ default: UPlot }] = await Promise.all([
        import('uplot'),
        import('uplot/dist/uPlot.min.css'),
      ]);
      if (cancelled) return;
      const width = Math.max(240, element.clientWidth);
      plot = new UPlot(
        {
          width,
          height: HEIGHT,
          scales: { x: { time: true }, y: { dir: -1 } },
          axes: [{}, { label: 'ATRP (lower is better)' }],
          series: [
            {},
            {
              label: 'ATRP',
              stroke: '#0d6efd',
              width: 2,
              points: { show: true, size: 5 },
              value: (_self, value) => formatRank(value),
            },
          ],
          legend: { show: false },
        },
        chartColumns(points),
        element,
      );
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }),
        );
        observer.observe(element);
      }
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [points]);

  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="mb-4" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="mb-1">
        <span className="fw-semibold">{title}</span>
        {first && last && (
          <span className="small text-body-secondary">
            {' '}
            · {points.length} scan{points.length === 1 ? '' : 's'}, {formatInstantDay(first.date)}{' '}
            to {formatInstantDay(last.date)}; ATRP axis runs downwards, higher is better
          </span>
        )}
      </figcaption>
      {points.length === 0 ? (
        <p className="text-body-secondary small">No scans of these settings in this period.</p>
      ) : (
        <>
          {/* The drawing itself is decorative for screen readers: the table carries the data. */}
          <ChartWithData
            id={id}
            title={title}
            container={container}
            height={HEIGHT}
            failed={failed}
            table={
              <>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col" className="text-end">
                      ATRP
                    </th>
                    <th scope="col" className="text-end">
                      SoLV
                    </th>
                    {viewHref && (
                      <th scope="col">
                        <span className="visually-hidden">Open</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.scan_id}>
                      <td>{formatInstantDay(point.date)}</td>
                      <td className="text-end">{formatRank(point.average_total_grid_rank)}</td>
                      <td className="text-end">{formatSolv(point.solv)}</td>
                      {viewHref && (
                        <td>
                          <Link to={viewHref(point.scan_id)}>View scan</Link>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </>
            }
          />
        </>
      )}
    </figure>
  );
}
