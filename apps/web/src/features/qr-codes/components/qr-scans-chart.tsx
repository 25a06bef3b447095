import { formatDay, type QrAnalytics } from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';

const HEIGHT = 220;
type Day = QrAnalytics['days'][number];
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Scans and unique visitors per day (uPlot, lazily loaded), with the same numbers as a table. */
export function QrScansChart({ days }: { days: Day[] }) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const title = 'Scans by day';
  const spec = useMemo(
    (): PlotSpec | null =>
      days.length === 0
        ? null
        : {
            options: {
              scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(2, max)] } },
              axes: [{}, { label: 'Scans' }],
              series: [
                {},
                { label: 'Scans', stroke: '#0d6efd', width: 2, points: { show: false } },
                {
                  label: 'Unique visitors',
                  stroke: '#b58100',
                  width: 2,
                  dash: [6, 4],
                  points: { show: false },
                },
              ],
              legend: { show: true },
            },
            data: [
              days.map((d) => dayStart(d.day)),
              days.map((d) => d.scans),
              days.map((d) => d.visitors),
            ],
          },
    [days],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);
  if (days.length === 0) return null;
  return (
    <figure className="mb-3" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="small text-body-secondary mb-1">
        {title}, {formatDay(days[0]?.day ?? '')} to {formatDay(days.at(-1)?.day ?? '')}
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
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  Scans
                </th>
                <th scope="col" className="text-end">
                  Unique visitors
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="fw-normal">
                    {formatDay(d.day)}
                  </th>
                  <td className="text-end">{d.scans}</td>
                  <td className="text-end">{d.visitors}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
