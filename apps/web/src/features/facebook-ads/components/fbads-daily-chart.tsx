import { type FbadsReport, formatDay } from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';
import { formatCount, formatMoney } from '../fbads-format';

const HEIGHT = 220;

/**
 * Spend and leads per day. uPlot loads on first draw (a lazy chunk, as the timelines do);
 * "Show data" has the same days as a table, the chart's text alternative.
 */
export function FbadsDailyChart({ days }: { days: FbadsReport['days'] }) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);

  const spec = useMemo(
    (): PlotSpec | null =>
      days.length === 0
        ? null
        : {
            options: {
              scales: { x: { time: true }, leads: {} },
              axes: [
                {},
                { label: 'Spend ($)' },
                { scale: 'leads', side: 1, label: 'Leads', grid: { show: false } },
              ],
              series: [
                {},
                { label: 'Spend', stroke: '#0d6efd', width: 2 },
                { label: 'Leads', scale: 'leads', stroke: '#198754', width: 2 },
              ],
              legend: { show: true },
            },
            data: [
              days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000),
              days.map((d) => d.spendCents / 100),
              days.map((d) => d.leads),
            ],
          },
    [days],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);

  return (
    <figure className="mb-4" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="fw-semibold mb-1">
        Spend and leads by day
      </figcaption>
      <ChartWithData
        id={id}
        title="Spend and leads by day"
        container={container}
        height={HEIGHT}
        failed={failed}
        table={
          <>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  Spend
                </th>
                <th scope="col" className="text-end">
                  Impressions
                </th>
                <th scope="col" className="text-end">
                  Reach
                </th>
                <th scope="col" className="text-end">
                  Clicks
                </th>
                <th scope="col" className="text-end">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="fw-normal">
                    {formatDay(d.day)}
                  </th>
                  <td className="text-end">{formatMoney(d.spendCents)}</td>
                  <td className="text-end">{formatCount(d.impressions)}</td>
                  <td className="text-end">{formatCount(d.reachDailySum)}</td>
                  <td className="text-end">{formatCount(d.clicks)}</td>
                  <td className="text-end">{formatCount(d.leads)}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
