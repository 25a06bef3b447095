import { formatDay, type SolicitationWeek } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { formatPercent } from '../solicitation-format';

const weekStart = (week: string) => Date.parse(`${week}T00:00:00Z`) / 1000;

/** Requests and the reviews they brought, week by week; "Show data" adds the rate. */
export function ConversionChart({ weeks }: { weeks: SolicitationWeek[] }) {
  const any = weeks.some((w) => w.requests > 0);
  return (
    <TimeSeriesFigure
      title="Requests and reviews by week"
      x={any ? weeks.map((w) => weekStart(w.week)) : []}
      xLabels={weeks.map((w) => `Week of ${formatDay(w.week)}`)}
      xHeader="Week"
      series={[
        {
          label: 'Requests',
          stroke: '#0d6efd',
          points: true,
          values: weeks.map((w) => w.requests),
        },
        {
          label: 'Clicked',
          stroke: '#fd7e14',
          dash: [4, 4],
          points: true,
          values: weeks.map((w) => w.clicked),
        },
        {
          label: 'Reviewed',
          stroke: '#198754',
          width: 3,
          points: true,
          values: weeks.map((w) => w.reviewed),
        },
        {
          column: 'Request to review',
          values: weeks.map((w) => w.rate),
          format: (rate) => formatPercent(rate),
        },
      ]}
      yAxis={{ label: 'Requests', atLeast: 4 }}
      height={220}
      className="mb-4"
      empty={
        <p className="text-body-secondary small">
          No requests in this period, so no conversion to show yet.
        </p>
      }
    />
  );
}
