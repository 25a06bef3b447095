import { formatDay, type LsaReport } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { formatCents } from '../../../lib/format';

type Day = LsaReport['days'][number];
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Leads and charged leads day by day; "Show data" adds each day's spend to the table. */
export function LsaDailyChart({ days }: { days: Day[] }) {
  return (
    <TimeSeriesFigure
      title="Leads by day"
      x={days.map((d) => dayStart(d.day))}
      xLabels={days.map((d) => formatDay(d.day))}
      xHeader="Day"
      series={[
        { label: 'Leads', stroke: '#0d6efd', points: false, values: days.map((d) => d.leads) },
        {
          label: 'Charged leads',
          stroke: '#b58100',
          dash: [6, 4],
          points: false,
          values: days.map((d) => d.chargedLeads),
        },
        { column: 'Spend', values: days.map((d) => d.spendCents), format: formatCents },
      ]}
      yAxis={{ label: 'Leads', atLeast: 2 }}
      height={220}
      className="mb-3"
      empty={null}
    />
  );
}
