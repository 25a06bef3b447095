import { formatDay, type GoogleAdsReportOf } from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';
import { formatCents, formatCount } from '../google-ads-format';

const HEIGHT = 220;
type Day = GoogleAdsReportOf<'performance/report'>['days'][number];
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Clicks and conversions day by day. uPlot loads on first draw (in this lazy report's chunk
 * only, never the overview's); the drawing is hidden from screen readers and "Show data"
 * gives every day's figures, spend included, as a table.
 */
export function GoogleAdsDailyChart({ days }: { days: Day[] }) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const title = 'Clicks and conversions by day';

  const spec = useMemo(
    (): PlotSpec | null =>
      days.length === 0
        ? null
        : {
            options: {
              scales: {
                x: { time: true },
                y: {
                  range: (_u, _min, max) => [0, Math.max(2, max)],
                },
              },
              axes: [{}, { label: 'Count' }],
              series: [
                {},
                { label: 'Clicks', stroke: '#0d6efd', width: 2, points: { show: false } },
                {
                  label: 'Conversions',
                  stroke: '#b58100',
                  width: 2,
                  dash: [6, 4],
                  points: { show: false },
                },
              ],
              legend: { show: true },
            },
            data: [
              days.map((d) => dayStart(d.date)),
              days.map((d) => d.clicks),
              days.map((d) => d.calls + d.forms),
            ],
          },
    [days],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);

  if (days.length === 0) {
    return <p className="text-body-secondary">No ad activity in this range.</p>;
  }
  const numeric = 'text-end';
  return (
    <figure className="mb-3" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="small text-body-secondary mb-1">
        {title}, {formatDay(days[0]?.date ?? '')} to {formatDay(days.at(-1)?.date ?? '')}
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
                <th scope="col" className={numeric}>
                  Impressions
                </th>
                <th scope="col" className={numeric}>
                  Clicks
                </th>
                <th scope="col" className={numeric}>
                  Spend
                </th>
                <th scope="col" className={numeric}>
                  Calls
                </th>
                <th scope="col" className={numeric}>
                  Forms
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="fw-normal">
                    {formatDay(d.date)}
                  </th>
                  <td className={numeric}>{formatCount(d.impressions)}</td>
                  <td className={numeric}>{formatCount(d.clicks)}</td>
                  <td className={numeric}>{formatCents(d.costCents)}</td>
                  <td className={numeric}>{formatCount(d.calls)}</td>
                  <td className={numeric}>{formatCount(d.forms)}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
