import { formatInstantDateTime, type WebsiteResponsePoint } from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';

const HEIGHT = 200;

/**
 * Response time of each check of the last 48 hours (a failed check has no time: a gap).
 * uPlot loads on first draw; "Show data" gives the same checks as a table.
 */
export function ResponseTimeChart({
  checks,
  timeZone,
}: {
  checks: WebsiteResponsePoint[];
  timeZone: string | undefined;
}) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const title = 'Response time, last 48 hours';
  const spec = useMemo(
    (): PlotSpec | null =>
      checks.length === 0
        ? null
        : {
            options: {
              scales: {
                x: { time: true },
                y: { range: (_u, _min, max) => [0, Math.max(100, max)] },
              },
              axes: [{}, { label: 'ms' }],
              series: [
                {},
                {
                  label: 'Response time (ms)',
                  stroke: '#0d6efd',
                  width: 2,
                  points: { show: false },
                },
              ],
              legend: { show: true },
            },
            data: [checks.map((c) => Date.parse(c.at) / 1000), checks.map((c) => c.ms)],
          },
    [checks],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);
  if (checks.length === 0) {
    return <p className="text-body-secondary small">No checks in the last 48 hours yet.</p>;
  }
  return (
    <figure className="mb-3" aria-labelledby={`${id}-caption`}>
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
                <th scope="col">Checked</th>
                <th scope="col">Result</th>
                <th scope="col" className="text-end">
                  Response time
                </th>
              </tr>
            </thead>
            <tbody>
              {checks
                .slice(-48)
                .reverse()
                .map((c) => (
                  <tr key={c.at}>
                    <th scope="row" className="fw-normal">
                      {formatInstantDateTime(c.at, timeZone)}
                    </th>
                    <td>{c.up ? 'Up' : 'Down'}</td>
                    <td className="text-end">{c.ms === null ? '—' : `${c.ms} ms`}</td>
                  </tr>
                ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
