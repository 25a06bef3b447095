import { type FbadsReport, formatDay } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { formatCents, formatCount } from '../../../lib/format';

/**
 * Spend (left axis, dollars) and leads (right axis) per day; "Show data" has the same days,
 * with impressions, reach and clicks, as a table. With no days the figure still shows, its
 * table empty, so the report keeps its shape.
 */
export function FbadsDailyChart({ days }: { days: FbadsReport['days'] }) {
  return (
    <TimeSeriesFigure
      title="Spend and leads by day"
      range={false}
      x={days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000)}
      xLabels={days.map((d) => formatDay(d.day))}
      xHeader="Day"
      series={[
        // Drawn in dollars; the table's column gives the exact amount from the cents.
        {
          label: 'Spend',
          column: false,
          stroke: '#0d6efd',
          values: days.map((d) => d.spendCents / 100),
        },
        { column: 'Spend', values: days.map((d) => d.spendCents), format: formatCents },
        { column: 'Impressions', values: days.map((d) => d.impressions), format: formatCount },
        { column: 'Reach', values: days.map((d) => d.reachDailySum), format: formatCount },
        { column: 'Clicks', values: days.map((d) => d.clicks), format: formatCount },
        {
          label: 'Leads',
          scale: 'leads',
          stroke: '#198754',
          values: days.map((d) => d.leads),
          format: formatCount,
        },
      ]}
      yAxis={{ label: 'Spend ($)' }}
      rightAxis={{ scale: 'leads', label: 'Leads' }}
      height={220}
      className="mb-4"
      captionClassName="fw-semibold mb-1"
    />
  );
}
