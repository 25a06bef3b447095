import { type ReactNode, useId, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { ChartWithData } from './chart-with-data';
import { type PlotSpec, useLazyUplot } from './use-lazy-uplot';

/** A column of the "Show data" table only (not drawn). */
export interface TimeSeriesColumn {
  /** The column's header. */
  column: string;
  values: readonly (number | null)[];
  /** How a value reads in the table; a missing value reads "–". Default: the number. */
  format?: (value: number) => ReactNode;
}

/** A line drawn on the chart and, unless `column` is false, a column of the table too. */
export interface TimeSeriesLine extends Omit<TimeSeriesColumn, 'column'> {
  /** The legend's name. */
  label: string;
  /** The table's header (default: `label`); false when the table shows the figure otherwise. */
  column?: string | false;
  stroke: string;
  /** Default 2. */
  width?: number;
  dash?: number[];
  /** Whether to mark each point; left out, uPlot decides by density. */
  points?: boolean;
  /** A scale other than the left axis's `y` (see `rightAxis`). */
  scale?: string;
}

/** The table lists the entries in their order; the chart draws the lines among them in theirs. */
export type TimeSeriesEntry = TimeSeriesLine | TimeSeriesColumn;

const isLine = (entry: TimeSeriesEntry): entry is TimeSeriesLine => 'stroke' in entry;

/** What the drawing depends on, all plain data, so it can be compared as one string. */
interface PlotPlan {
  x: readonly number[];
  lines: Omit<TimeSeriesLine, 'column' | 'format'>[];
  yAxis: YAxis;
  rightAxis?: { scale: string; label: string };
}

interface YAxis {
  label: string;
  /** The axis's width in pixels, for wide tick labels. */
  size?: number;
  /** A fixed range. */
  range?: [number, number];
  /** The axis runs from 0 to at least this, so a flat or empty series is not blown up. */
  atLeast?: number;
}

function planToSpec({ x, lines, yAxis, rightAxis }: PlotPlan): PlotSpec {
  const { atLeast, range } = yAxis;
  const scales: uPlot.Scales = { x: { time: true } };
  if (range) scales.y = { range };
  else if (atLeast !== undefined) {
    scales.y = { range: (_u, _min, max) => [0, Math.max(atLeast, max)] };
  }
  const axes: uPlot.Axis[] = [
    {},
    { label: yAxis.label, ...(yAxis.size === undefined ? {} : { size: yAxis.size }) },
  ];
  if (rightAxis) {
    scales[rightAxis.scale] = {};
    axes.push({ scale: rightAxis.scale, side: 1, label: rightAxis.label, grid: { show: false } });
  }
  return {
    options: {
      scales,
      axes,
      series: [
        {},
        // Only the options a chart set: an explicit `undefined` would override uPlot's defaults.
        ...lines.map(({ label, stroke, width, dash, points, scale }) => ({
          label,
          stroke,
          width: width ?? 2,
          ...(dash ? { dash } : {}),
          ...(points === undefined ? {} : { points: { show: points } }),
          ...(scale ? { scale } : {}),
        })),
      ],
      legend: { show: true },
    },
    data: [x as number[], ...lines.map((line) => line.values as (number | null)[])],
  };
}

const numeric = 'text-end';

/**
 * A time series chart in a `<figure>`: uPlot draws the lines (loaded on the first draw, so
 * it stays out of every page's first download), hidden from screen readers, and "Show data"
 * gives the same points as a table, one row per x, one column per entry.
 */
export function TimeSeriesFigure({
  title,
  x,
  xLabels,
  xHeader,
  series,
  yAxis,
  rightAxis,
  range = true,
  newestFirst = false,
  height,
  className,
  captionClassName = 'small text-body-secondary mb-1',
  empty,
}: {
  /** Names the figure and its table. */
  title: string;
  /** The points' times, unix seconds, oldest first. */
  x: readonly number[];
  /** How each point's time reads: the table's row headers and the caption's range. */
  xLabels: readonly string[];
  /** The table's first header ("Day", "Month"). */
  xHeader: string;
  series: readonly TimeSeriesEntry[];
  yAxis: YAxis;
  /** A second axis on the right, for lines with `scale` set to its scale. */
  rightAxis?: { scale: string; label: string };
  /** Whether the caption says "{title}, {first} to {last}" (else just the title). */
  range?: boolean;
  /** Lists the table's rows newest first. */
  newestFirst?: boolean;
  height: number;
  /** The figure's class (its spacing). */
  className: string;
  captionClassName?: string;
  /** Shown instead of the figure when there are no points; left out, the figure shows anyway. */
  empty?: ReactNode;
}) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const lines = series.filter(isLine);
  // Callers declare their series inline, so the arrays are new on every render; keying the
  // spec on their content keeps uPlot from being torn down and redrawn on each render.
  const plan = JSON.stringify({
    x,
    lines: lines.map(({ column: _column, format: _format, ...line }) => line),
    yAxis,
    rightAxis,
  } satisfies PlotPlan);
  const spec = useMemo(
    (): PlotSpec | null => (x.length === 0 ? null : planToSpec(JSON.parse(plan) as PlotPlan)),
    [plan, x.length],
  );
  const failed = useLazyUplot(container, height, spec);

  if (x.length === 0 && empty !== undefined) return <>{empty}</>;
  const columns = series.flatMap((entry) => {
    const header = isLine(entry) ? (entry.column ?? entry.label) : entry.column;
    return header === false ? [] : [{ ...entry, header }];
  });
  const rows = x.map((_x, i) => i);
  if (newestFirst) rows.reverse();
  return (
    <figure className={className} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className={captionClassName}>
        {range ? (
          <>
            {title}, {xLabels[0]} to {xLabels.at(-1)}
          </>
        ) : (
          title
        )}
      </figcaption>
      <ChartWithData
        id={id}
        title={title}
        container={container}
        height={height}
        failed={failed}
        table={
          <>
            <thead>
              <tr>
                <th scope="col">{xHeader}</th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={numeric}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => (
                <tr key={x[i]}>
                  <th scope="row" className="fw-normal">
                    {xLabels[i]}
                  </th>
                  {columns.map((c) => {
                    const value = c.values[i] ?? null;
                    return (
                      <td key={c.header} className={numeric}>
                        {value === null ? '–' : c.format ? c.format(value) : value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </figure>
  );
}
