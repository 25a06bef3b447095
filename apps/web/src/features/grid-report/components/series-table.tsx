import { formatInstantDay, type GridReportRow } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from '../../../components/scrolling-table';

/** −1.50 / +2.00: ATRP falls when ranks improve; SoLV rises. */
function signed(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

function tone(change: number, betterWhenLower: boolean): string | undefined {
  if (change === 0) return undefined;
  const better = betterWhenLower ? change < 0 : change > 0;
  return better ? 'text-success-emphasis' : 'text-danger-emphasis';
}

/** Series rows: settings, scans, ATRP and SoLV at the start and end of the period. */
export function SeriesTable({ label, rows }: { label: string; rows: GridReportRow[] }) {
  return (
    <ScrollingTable label={`${label} (scrollable)`}>
      <Table hover size="sm" aria-label={label} className="mb-0">
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Keyword</th>
            <th scope="col">Grid</th>
            <th scope="col" className="text-end">
              Scans
            </th>
            <th scope="col">Scanned</th>
            <th scope="col" className="text-end">
              ATRP start → end
            </th>
            <th scope="col" className="text-end">
              ATRP change
            </th>
            <th scope="col" className="text-end">
              SoLV start → end
            </th>
            <th scope="col" className="text-end">
              SoLV change
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.companyId}/${row.keyword}/${row.size}/${row.radius}/${row.unit}`}>
              <td>{row.companyName}</td>
              <td>{row.keyword}</td>
              <td className="text-nowrap small">
                {row.size}×{row.size}, {row.radius} {row.unit}
              </td>
              <td className="text-end">{row.scans}</td>
              <td className="text-nowrap small">
                {formatInstantDay(row.firstScanAt)}
                {row.scans > 1 && ` – ${formatInstantDay(row.lastScanAt)}`}
              </td>
              <td className="text-end text-nowrap">
                {row.startAtrp.toFixed(2)} → {row.endAtrp.toFixed(2)}
              </td>
              <td className={`text-end ${tone(row.atrpChange, true) ?? ''}`}>
                {signed(row.atrpChange, 2)}
              </td>
              <td className="text-end text-nowrap">
                {row.startSolv.toFixed(1)} % → {row.endSolv.toFixed(1)} %
              </td>
              <td className={`text-end ${tone(row.solvChange, false) ?? ''}`}>
                {signed(row.solvChange, 1)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
