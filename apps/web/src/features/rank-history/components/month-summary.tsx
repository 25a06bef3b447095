import type { HistoryOverview } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { formatRank, formatSolv } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatMonth } from '../../../lib/format';

/** The chosen month by keyword: finished scans, mean ATRP and SoLV, best and worst ATRP. */
export function MonthSummary({
  overview,
  month,
  keyword,
}: {
  overview: HistoryOverview;
  month: string;
  keyword: string;
}) {
  const rows = (overview.months.find((m) => m.month === month)?.keywords ?? []).filter(
    (row) => !keyword || row.keyword === keyword,
  );
  if (rows.length === 0) return null;
  return (
    <ScrollingTable label="Month by keyword">
      <Table size="sm" className="mb-4" aria-labelledby="month-summary-title">
        <caption id="month-summary-title" className="caption-top text-body fw-semibold">
          {formatMonth(month)} by keyword (finished scans)
        </caption>
        <thead>
          <tr>
            <th scope="col">Keyword</th>
            <th scope="col" className="text-end">
              Scans
            </th>
            <th scope="col" className="text-end">
              Mean ATRP
            </th>
            <th scope="col" className="text-end">
              Best–worst ATRP
            </th>
            <th scope="col" className="text-end">
              Mean SoLV
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.keyword}>
              <th scope="row" className="fw-normal">
                {row.keyword}
              </th>
              <td className="text-end">{row.scans}</td>
              <td className="text-end">{formatRank(row.meanAtrp)}</td>
              <td className="text-end text-nowrap">
                {formatRank(row.bestAtrp)}–{formatRank(row.worstAtrp)}
              </td>
              <td className="text-end">{formatSolv(row.meanSolv)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
