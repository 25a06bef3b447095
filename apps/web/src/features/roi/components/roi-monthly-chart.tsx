import type { RoiMonth } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { formatCount, formatMonth } from '../../../lib/format';
import { formatMoney } from '../roi-format';

const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00Z`) / 1000;
const dollars = (cents: number) => Math.round(cents / 100);

/**
 * Spend against won value, month by month. The chart draws whole dollars (the axis reads
 * "Dollars"); "Show data" gives the exact amounts, with each month's leads, as a table.
 */
export function RoiMonthlyChart({ months }: { months: RoiMonth[] }) {
  return (
    <TimeSeriesFigure
      title="Spend and won value by month"
      x={months.map((m) => monthStart(m.month))}
      xLabels={months.map((m) => formatMonth(m.month, 'short'))}
      xHeader="Month"
      series={[
        {
          label: 'Spend ($)',
          column: false,
          stroke: '#b02a37',
          points: true,
          values: months.map((m) => dollars(m.spendCents)),
        },
        {
          label: 'Won value ($)',
          column: false,
          stroke: '#198754',
          dash: [6, 4],
          points: true,
          values: months.map((m) => dollars(m.wonValueCents)),
        },
        { column: 'Spend', values: months.map((m) => m.spendCents), format: formatMoney },
        { column: 'Won value', values: months.map((m) => m.wonValueCents), format: formatMoney },
        { column: 'Leads', values: months.map((m) => m.leads), format: formatCount },
      ]}
      yAxis={{ label: 'Dollars', size: 70, atLeast: 100 }}
      height={240}
      className="mb-4"
      empty={null}
    />
  );
}
