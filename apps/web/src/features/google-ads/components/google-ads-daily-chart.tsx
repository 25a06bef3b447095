import { formatDay, type GoogleAdsReportOf } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { formatCents, formatCount } from '../../../lib/format';

type Day = GoogleAdsReportOf<'performance/report'>['days'][number];
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Clicks and conversions day by day. "Show data" gives every day's figures, spend included;
 * conversions appear there as their parts, calls and forms, rather than as their sum.
 */
export function GoogleAdsDailyChart({ days }: { days: Day[] }) {
  return (
    <TimeSeriesFigure
      title="Clicks and conversions by day"
      x={days.map((d) => dayStart(d.date))}
      xLabels={days.map((d) => formatDay(d.date))}
      xHeader="Day"
      series={[
        { column: 'Impressions', values: days.map((d) => d.impressions), format: formatCount },
        {
          label: 'Clicks',
          stroke: '#0d6efd',
          points: false,
          values: days.map((d) => d.clicks),
          format: formatCount,
        },
        {
          label: 'Conversions',
          column: false,
          stroke: '#b58100',
          dash: [6, 4],
          points: false,
          values: days.map((d) => d.calls + d.forms),
        },
        { column: 'Spend', values: days.map((d) => d.costCents), format: formatCents },
        { column: 'Calls', values: days.map((d) => d.calls), format: formatCount },
        { column: 'Forms', values: days.map((d) => d.forms), format: formatCount },
      ]}
      yAxis={{ label: 'Count', atLeast: 2 }}
      height={220}
      className="mb-3"
      empty={<p className="text-body-secondary">No ad activity in this range.</p>}
    />
  );
}
