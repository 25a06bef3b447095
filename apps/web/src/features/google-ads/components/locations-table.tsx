import type { DayRange } from '@pinpoint/contracts';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCents, formatCount, formatPercent } from '../../../lib/format';
import { useGoogleAdsLocations } from '../api/get-locations';
import { GOOGLE_ADS_PAGE_SIZE } from '../api/google-ads-request';

const numeric = 'text-end text-nowrap';

/** Where the ads were shown: the range's figures by city (Google's geo targets), most seen first. */
export function LocationsTable({ productId, range }: { productId: number; range: DayRange }) {
  const [page, setPage] = useState(1);
  const locations = useGoogleAdsLocations(productId, range, page);
  const title = 'Locations';
  const pages = locations.data
    ? Math.max(1, Math.ceil(locations.data.total / GOOGLE_ADS_PAGE_SIZE))
    : 1;
  return (
    <section aria-labelledby="gads-locations-title" className="mt-4">
      <h3 id="gads-locations-title" className="h6">
        {title}
      </h3>
      {locations.isPending ? (
        <Loading what="the locations" />
      ) : locations.isError ? (
        <LoadError
          what="The locations"
          error={locations.error}
          onRetry={() => void locations.refetch()}
        />
      ) : locations.data.rows.length === 0 ? (
        <p className="text-body-secondary">No location figures in this range.</p>
      ) : (
        <>
          <ScrollingTable label={title}>
            <Table size="sm" aria-label={title} aria-busy={locations.isFetching}>
              <thead>
                <tr>
                  <th scope="col">City</th>
                  <th scope="col" className={numeric}>
                    Impressions
                  </th>
                  <th scope="col" className={numeric}>
                    Clicks
                  </th>
                  <th scope="col" className={numeric}>
                    CTR
                  </th>
                  <th scope="col" className={numeric}>
                    Spend
                  </th>
                  <th scope="col" className={numeric}>
                    Conversions
                  </th>
                </tr>
              </thead>
              <tbody>
                {locations.data.rows.map((l) => (
                  <tr key={l.geoTargetId} data-testid="gads-location">
                    <th scope="row" className="fw-normal">
                      {l.name}
                      <span className="d-block small text-body-secondary">{l.canonicalName}</span>
                    </th>
                    <td className={numeric}>{formatCount(l.metrics.impressions)}</td>
                    <td className={numeric}>{formatCount(l.metrics.clicks)}</td>
                    <td className={numeric}>{formatPercent(l.metrics.ctr, 2)}</td>
                    <td className={numeric}>{formatCents(l.metrics.costCents)}</td>
                    <td className={numeric}>{formatCount(l.metrics.conversions)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollingTable>
          <Pager label="Location pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
