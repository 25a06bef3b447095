import {
  PAGE_SPEED_CATEGORY_LABELS,
  type PageSpeedReport,
  type PageSpeedStrategy,
} from '@pinpoint/contracts';
import { useMemo } from 'react';
import { TimeSeriesFigure } from '../../../components/time-series-figure';

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

/** The four scores month by month for one strategy; the table lists the months newest first. */
export function PageSpeedHistoryChart({
  history,
  strategy,
}: {
  history: PageSpeedReport['history'];
  strategy: PageSpeedStrategy;
}) {
  // A month without a run for this strategy is left out, not drawn as a gap.
  const months = useMemo(() => history.filter((m) => m[strategy] !== null), [history, strategy]);
  return (
    <TimeSeriesFigure
      title={`Scores by month (${strategy})`}
      range={false}
      x={months.map((m) => Date.parse(`${m.month}-01T00:00:00Z`) / 1000)}
      xLabels={months.map((m) => monthLabel(m.month))}
      xHeader="Month"
      newestFirst
      series={SERIES.map((s) => ({
        label: PAGE_SPEED_CATEGORY_LABELS[s.key],
        stroke: s.stroke,
        values: months.map((m) => m[strategy]?.[s.key] ?? null),
      }))}
      yAxis={{ label: 'Score', range: [0, 100] }}
      height={220}
      className="mb-0"
      empty={<p className="text-body-secondary small">No monthly history yet.</p>}
    />
  );
}
