import { type CtmSummary, formatDay } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { SOURCE_COLOURS } from '../calls-format';

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Calls day by day, one line per source (most calls first). "Show data" gives the same
 * numbers as a table, with each day's answered, missed and voicemail calls.
 */
export function CallsBySourceChart({ summary }: { summary: CtmSummary }) {
  const { days, sources } = summary;
  // Without sources there is nothing to draw, so the chart is left out like an empty one.
  const shown = sources.length === 0 ? [] : days;
  return (
    <TimeSeriesFigure
      title="Calls by source"
      x={shown.map((d) => dayStart(d.day))}
      xLabels={shown.map((d) => formatDay(d.day))}
      xHeader="Day"
      series={[
        ...sources.map((s, i) => ({
          label: s.source,
          stroke: SOURCE_COLOURS[i % SOURCE_COLOURS.length] ?? '#0d6efd',
          points: false,
          values: shown.map((d) => d.bySource[i] ?? 0),
        })),
        { column: 'Answered', values: shown.map((d) => d.answered) },
        { column: 'Missed', values: shown.map((d) => d.missed) },
        { column: 'Voicemail', values: shown.map((d) => d.voicemail) },
      ]}
      yAxis={{ label: 'Calls', atLeast: 2 }}
      height={240}
      className="mb-3"
      empty={null}
    />
  );
}
