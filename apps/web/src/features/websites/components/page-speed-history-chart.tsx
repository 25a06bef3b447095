import {
  PAGE_SPEED_CATEGORY_LABELS,
  type PageSpeedReport,
  type PageSpeedStrategy,
} from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';

const HEIGHT = 220;
const SERIES = [
  { key: 'performance', stroke: '#0d6efd' },
  { key: 'accessibility', stroke: '#6f42c1' },
  { key: 'bestPractices', stroke: '#198754' },
  { key: 'seo', stroke: '#fd7e14' },
] as const;

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The four scores month by month for one strategy (uPlot, loaded lazily; a table too). */
export function PageSpeedHistoryChart({
  history,
  strategy,
}: {
  history: PageSpeedReport['history'];
  strategy: PageSpeedStrategy;
}) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const months = useMemo(() => history.filter((m) => m[strategy] !== null), [history, strategy]);
  const title = `Scores by month (${strategy})`;
  const spec = useMemo(
    (): PlotSpec | null =>
      months.length === 0
        ? null
        : {
            options: {
              scales: { x: { time: true }, y: { range: [0, 100] } },
              axes: [{}, { label: 'Score' }],
              series: [
                {},
                ...SERIES.map((s) => ({
                  label: PAGE_SPEED_CATEGORY_LABELS[s.key],
                  stroke: s.stroke,
                  width: 2,
                })),
              ],
              legend: { show: true },
            },
            data: [
              months.map((m) => Date.parse(`${m.month}-01T00:00:00Z`) / 1000),
              ...SERIES.map((s) => months.map((m) => m[strategy]?.[s.key] ?? null)),
            ],
          },
    [months, strategy],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);
  if (months.length === 0) {
    return <p className="text-body-secondary small">No monthly history yet.</p>;
  }
  return (
    <figure className="mb-0" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="small text-body-secondary mb-1">
        {title}
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
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="text-end">
                    {PAGE_SPEED_CATEGORY_LABELS[s.key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...months].reverse().map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="fw-normal">
                    {monthLabel(m.month)}
                  </th>
                  {SERIES.map((s) => (
                    <td key={s.key} className="text-end">
                      {m[strategy]?.[s.key] ?? '–'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
