import type { Scan } from '@pinpoint/contracts';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Pager } from '../../../components/pager';
import { formatMetric } from '../../../components/rank-grid/grid-metrics';

const PAGE_SIZE = 20;
type Competitor = NonNullable<Scan['competitors']>[number];

/** Every place seen in the scan's results, best first (the contracts' order), 20 a page. */
export function CompetitorTable({ competitors }: { competitors: Competitor[] | null }) {
  const [page, setPage] = useState(1);
  if (!competitors || competitors.length === 0) {
    return <p className="text-body-secondary small">No competitors were seen in this scan.</p>;
  }
  const pages = Math.ceil(competitors.length / PAGE_SIZE);
  const shown = competitors.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <>
      <div className="rank-table-scroll">
        <Table size="sm" striped className="mb-0" data-testid="competitor-table">
          <caption className="caption-top">Competitors, strongest first</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Business</th>
              <th scope="col">ARP</th>
              <th scope="col">ATRP</th>
              <th scope="col">SoLV</th>
              <th scope="col">Found in</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((competitor, i) => (
              <tr key={competitor.placeId}>
                <td>{(page - 1) * PAGE_SIZE + i + 1}</td>
                <td>{competitor.name}</td>
                <td>{formatMetric('arp', competitor.arp)}</td>
                <td>{formatMetric('atrp', competitor.atrp)}</td>
                <td>{formatMetric('solv', competitor.solv)}</td>
                <td>
                  {competitor.foundIn} of {competitor.measured}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Pager label="Competitor pages" page={page} pages={pages} onPage={setPage} />
    </>
  );
}
