import { formatDay, type PerformanceSeries } from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';

const HEIGHT = 240;
const COLORS = ['#0d6efd', '#198754', '#dc3545', '#fd7e14', '#6f42c1'];

/**
 * One source's days as a line chart, one line per metric. uPlot is imported on first draw,
 * so it only sits in a lazily loaded chunk (as the rank timeline does); "Show data" opens
 * the same numbers as a table.
 */
export function PerformanceChart({ series }: { series: PerformanceSeries }) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);

  const spec = useMemo(
    (): PlotSpec | null =>
      series.days.length === 0
        ? null
        : {
            options: {
              scales: { x: { time: true } },
              series: [
                {},
                ...series.metrics.map((m, i) => ({
                  label: m.label,
                  stroke: COLORS[i % COLORS.length],
                  width: 2,
                })),
              ],
            },
            data: [
              series.days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000),
              ...series.metrics.map((m) => series.days.map((d) => d.values[m.key] ?? 0)),
            ],
          },
    [series],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);

  return (
    <ChartWithData
      id={id}
      title={series.title}
      container={container}
      height={HEIGHT}
      failed={failed}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.metrics.map((m) => (
                <th key={m.key} scope="col" className="text-end">
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(d.day)}</th>
                {series.metrics.map((m) => (
                  <td key={m.key} className="text-end">
                    {(d.values[m.key] ?? 0).toLocaleString('en-US')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
