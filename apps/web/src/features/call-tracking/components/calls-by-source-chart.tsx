import { type CtmSummary, formatDay } from '@pinpoint/contracts';
import { useId, useMemo, useRef } from 'react';
import { ChartWithData } from '../../../components/chart-with-data';
import { type PlotSpec, useLazyUplot } from '../../../components/use-lazy-uplot';
import { SOURCE_COLOURS } from '../calls-format';

const HEIGHT = 240;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Calls day by day, one line per source (most calls first). uPlot loads on first draw (this
 * lazy report's chunk only); the drawing is hidden from screen readers and "Show data"
 * gives the same numbers as a table, with each day's answered, missed and voicemail calls.
 */
export function CallsBySourceChart({ summary }: { summary: CtmSummary }) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const title = 'Calls by source';
  const { days, sources } = summary;

  const spec = useMemo(
    (): PlotSpec | null =>
      days.length === 0 || sources.length === 0
        ? null
        : {
            options: {
              scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(2, max)] } },
              axes: [{}, { label: 'Calls' }],
              series: [
                {},
                ...sources.map((s, i) => ({
                  label: s.source,
                  stroke: SOURCE_COLOURS[i % SOURCE_COLOURS.length],
                  width: 2,
                  points: { show: false },
                })),
              ],
              legend: { show: true },
            },
            data: [
              days.map((d) => dayStart(d.day)),
              ...sources.map((_s, i) => days.map((d) => d.bySource[i] ?? 0)),
            ],
          },
    [days, sources],
  );
  const failed = useLazyUplot(container, HEIGHT, spec);

  if (days.length === 0 || sources.length === 0) return null;
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
                {sources.map((s) => (
                  <th key={s.source} scope="col" className="text-end">
                    {s.source}
                  </th>
                ))}
                <th scope="col" className="text-end">
                  Answered
                </th>
                <th scope="col" className="text-end">
                  Missed
                </th>
                <th scope="col" className="text-end">
                  Voicemail
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="fw-normal">
                    {formatDay(d.day)}
                  </th>
                  {sources.map((s, i) => (
                    <td key={s.source} className="text-end">
                      {d.bySource[i] ?? 0}
                    </td>
                  ))}
                  <td className="text-end">{d.answered}</td>
                  <td className="text-end">{d.missed}</td>
                  <td className="text-end">{d.voicemail}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
