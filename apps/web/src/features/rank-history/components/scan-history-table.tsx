import { formatInstantDateTime, type ScanSummary } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import {
  describeSettings,
  formatRank,
  formatSolv,
  SCAN_STATUS_LABELS,
} from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCount } from '../../../lib/format';

const STATUS_VARIANT: Record<ScanSummary['status'], string> = {
  queued: 'secondary',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

/** One page of scans with their headline numbers and a link to each scan's view. */
export function ScanHistoryTable({
  scans,
  viewHref,
}: {
  scans: ScanSummary[];
  viewHref: (scanId: number) => string;
}) {
  return (
    <ScrollingTable label="Scans">
      <Table size="sm" className="align-middle" aria-label="Scans">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Keyword and settings</th>
            <th scope="col">Status</th>
            <th scope="col" className="text-end">
              <abbr title="Average total rank over the grid, not found counted as 21">ATRP</abbr>
            </th>
            <th scope="col" className="text-end">
              <abbr title="Average rank where found">ARP</abbr>
            </th>
            <th scope="col" className="text-end">
              <abbr title="Share of local voice: points ranked 1 to 3">SoLV</abbr>
            </th>
            <th scope="col" className="text-end">
              Found in
            </th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {scans.map((scan) => (
            <tr key={scan.id}>
              <td className="text-nowrap">{formatInstantDateTime(scan.createdAt)}</td>
              <td>{describeSettings(scan)}</td>
              <td>
                <Badge bg={STATUS_VARIANT[scan.status]}>{SCAN_STATUS_LABELS[scan.status]}</Badge>
              </td>
              <td className="text-end">{formatRank(scan.atrp)}</td>
              <td className="text-end">{formatRank(scan.arp)}</td>
              <td className="text-end">{formatSolv(scan.solv)}</td>
              <td className="text-end">{formatCount(scan.foundIn)}</td>
              <td>
                <Link
                  to={viewHref(scan.id)}
                  aria-label={`View the scan of ${describeSettings(scan)} on ${formatInstantDateTime(scan.createdAt)}`}
                >
                  View
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
