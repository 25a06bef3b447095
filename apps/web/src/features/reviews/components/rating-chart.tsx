import type { ReviewSummary } from '@pinpoint/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { formatAverage } from '../review-format';

const HEIGHT = 220;
type Month = ReviewSummary['months'][number];

const monthName = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00Z`);
export const formatMonth = (month: string) => monthName.format(monthStart(month));

/**
 * Average rating month by month; for reviews without stars (Facebook), the number of
 * reviews instead. uPlot loads on first draw, so it only sits in this lazy page's chunks.
 * The drawing is hidden from screen readers: "Show data" gives the same numbers as a table.
 */
export function RatingChart({ months }: { months: Month[] }) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const rated = months.some((m) => m.average !== null);
  const title = rated ? 'Average rating by month' : 'Reviews by month';

  useEffect(() => {
    const element = container.current;
    if (!element || months.length === 0) return;
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
      const xs = months.map((m) => monthStart(m.month) / 1000);
      const ys = months.map((m) => (rated ? m.average : m.count));
      const width = Math.max(240, element.clientWidth);
      plot = new UPlot(
        {
          width,
          height: HEIGHT,
          scales: { x: { time: true }, y: rated ? { range: [1, 5] } : {} },
          axes: [{}, { label: rated ? 'Average stars' : 'Reviews' }],
          series: [
            {},
            {
              label: rated ? 'Average rating' : 'Reviews',
              stroke: '#b58100',
              width: 2,
              points: { show: true, size: 6 },
              spanGaps: false,
            },
          ],
          legend: { show: false },
        },
        [xs, ys],
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
  }, [months, rated]);

  if (months.length === 0) {
    return <p className="text-body-secondary">No reviews in this period.</p>;
  }
  return (
    <figure className="mb-0" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="small text-body-secondary mb-1">
        {title}, {formatMonth(months[0]?.month ?? '')} to {formatMonth(months.at(-1)?.month ?? '')}
      </figcaption>
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
                <th scope="col">Month</th>
                <th scope="col" className="text-end">
                  Reviews
                </th>
                <th scope="col" className="text-end">
                  Average rating
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="fw-normal">
                    {formatMonth(m.month)}
                  </th>
                  <td className="text-end">{m.count}</td>
                  <td className="text-end">{formatAverage(m.average)}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
