import type { RoiChannelRow } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCount, formatPercent } from '../../../lib/format';
import { formatMoney, formatReturn } from '../roi-format';

/** Channel by channel; each channel says which leads and which spend it holds. */
export function RoiChannelsTable({ channels }: { channels: RoiChannelRow[] }) {
  return (
    <ScrollingTable label="ROI by channel">
      <Table size="sm" hover aria-label="ROI by channel" data-testid="roi-channels">
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <th scope="col" className="text-end">
              Spend
            </th>
            <th scope="col" className="text-end">
              Leads
            </th>
            <th scope="col" className="text-end">
              Won
            </th>
            <th scope="col" className="text-end">
              Win rate
            </th>
            <th scope="col" className="text-end">
              Won value
            </th>
            <th scope="col" className="text-end">
              Cost per lead
            </th>
            <th scope="col" className="text-end">
              Return on spend
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((c) => (
            <tr key={c.channel}>
              <th scope="row" className="fw-normal" style={{ minWidth: 220 }}>
                <span className="fw-semibold">{c.label}</span>
                <span className="d-block small text-body-secondary">{c.description}</span>
              </th>
              <td className="text-end">{formatMoney(c.spendCents)}</td>
              <td className="text-end">{formatCount(c.leads)}</td>
              <td className="text-end">{formatCount(c.won)}</td>
              <td className="text-end">{formatPercent(c.winRate)}</td>
              <td className="text-end">{formatMoney(c.wonValueCents)}</td>
              <td className="text-end">{formatMoney(c.costPerLeadCents)}</td>
              <td className="text-end">{formatReturn(c.returnOnSpend)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
