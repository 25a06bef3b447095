import { formatRange, type RoiFigures, type RoiMonth } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCount, formatMonth } from '../../../lib/format';
import { formatMoney, formatReturn } from '../roi-format';

/** The figures' cells, shared by each month's row and the totals row. */
function Cells({ f }: { f: RoiFigures }) {
  return (
    <>
      <td className="text-end">{formatMoney(f.spendCents)}</td>
      <td className="text-end">{formatMoney(f.adSpendCents)}</td>
      <td className="text-end">{formatMoney(f.feesCents)}</td>
      <td className="text-end">{formatCount(f.leads)}</td>
      <td className="text-end">{formatCount(f.won)}</td>
      <td className="text-end">{formatMoney(f.wonValueCents)}</td>
      <td className="text-end">{formatMoney(f.costPerLeadCents)}</td>
      <td className="text-end">{formatReturn(f.returnOnSpend)}</td>
    </>
  );
}

const HEADINGS = [
  'Spend',
  'Ad spend',
  'Fees',
  'Leads',
  'Won',
  'Won value',
  'Cost per lead',
  'Return on spend',
];

/** Month by month, with the range's totals at the foot ("—": nothing to divide by). */
export function RoiMonthsTable({ months, totals }: { months: RoiMonth[]; totals: RoiFigures }) {
  return (
    <ScrollingTable label="ROI by month">
      <Table size="sm" hover aria-label="ROI by month" data-testid="roi-months">
        <thead>
          <tr>
            <th scope="col">Month</th>
            {HEADINGS.map((h) => (
              <th key={h} scope="col" className="text-end">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row" className="fw-normal text-nowrap">
                {formatMonth(m.month, 'short')}
                {(m.from.slice(8) !== '01' || m.to !== monthEnd(m.month)) && (
                  <span className="d-block small text-body-secondary">
                    {formatRange({ from: m.from, to: m.to })}
                  </span>
                )}
              </th>
              <Cells f={m} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            <Cells f={totals} />
          </tr>
        </tfoot>
      </Table>
    </ScrollingTable>
  );
}

/** The last day of a `yyyy-MM` month (a month cut by the range shows its days). */
function monthEnd(month: string): string {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}
