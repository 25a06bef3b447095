import type { SalesCompetitor } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { formatRank } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';

/** The businesses that outrank the prospect across its latest grids, strongest first. */
export function CompetitorsTable({
  competitors,
  hasGrids,
}: {
  competitors: SalesCompetitor[];
  hasGrids: boolean;
}) {
  return (
    <section aria-labelledby="sales-competitors-title" className="mb-4">
      <h2 id="sales-competitors-title" className="h5">
        Competitors
      </h2>
      {competitors.length === 0 ? (
        <p className="text-body-secondary">
          {hasGrids
            ? 'No competitor shows up yet: they are counted from finished grids.'
            : 'Competitors are counted from the grids: run them first.'}
        </p>
      ) : (
        <ScrollingTable label="Competitors table">
          <Table size="sm" striped className="align-middle" data-testid="sales-competitors">
            <caption className="caption-top">
              Seen across the latest grid of each keyword, strongest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Top 3 at</th>
                <th scope="col">Seen at</th>
                <th scope="col">Average rank</th>
                <th scope="col">Strongest in</th>
              </tr>
            </thead>
            <tbody>
              {competitors.map((c) => (
                <tr key={c.placeId ?? c.name}>
                  <th scope="row" className="fw-normal text-break">
                    {c.name}
                  </th>
                  <td>{c.top3Points === 1 ? '1 point' : `${c.top3Points} points`}</td>
                  <td>{c.points === 1 ? '1 point' : `${c.points} points`}</td>
                  <td>{formatRank(c.averageRank)}</td>
                  <td>{c.strongestArea ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollingTable>
      )}
    </section>
  );
}
