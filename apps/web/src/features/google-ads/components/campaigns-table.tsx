import type { DayRange, GoogleAdsMetrics } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCents, formatCount, formatPercent } from '../../../lib/format';
import { useGoogleAdsCampaigns } from '../api/get-campaigns-metrics';
import { useGoogleAdsSchedules } from '../api/get-schedules';
import { enumLabel, scheduleLine } from '../google-ads-format';

const numeric = 'text-end text-nowrap';

/** The metric cells of a row, each named by data-testid so a test can read the table. */
function MetricCells({ m }: { m: GoogleAdsMetrics }) {
  return (
    <>
      <td className={numeric} data-testid="impressions">
        {formatCount(m.impressions)}
      </td>
      <td className={numeric} data-testid="clicks">
        {formatCount(m.clicks)}
      </td>
      <td className={numeric}>{formatPercent(m.ctr, 2)}</td>
      <td className={numeric} data-testid="spend">
        {formatCents(m.costCents)}
      </td>
      <td className={numeric}>{formatCents(m.averageCpcCents)}</td>
      <td className={numeric} data-testid="conversions">
        {formatCount(m.conversions)}
      </td>
      <td className={numeric}>{formatCents(m.costPerConversionCents)}</td>
    </>
  );
}

/**
 * Every campaign of the account with its figures for the range and its ad schedule; the
 * totals row is the account's (the server sums the same rows the cards sum).
 */
export function CampaignsTable({ productId, range }: { productId: number; range: DayRange }) {
  const campaigns = useGoogleAdsCampaigns(productId, range);
  const schedules = useGoogleAdsSchedules(productId);
  const scheduleOf = new Map(
    (schedules.data?.campaigns ?? []).map((c) => [c.id, scheduleLine(c.schedule)]),
  );
  const title = 'Campaigns';

  return (
    <section aria-labelledby="gads-campaigns-title" className="mt-4">
      <h3 id="gads-campaigns-title" className="h6">
        {title}
      </h3>
      {campaigns.isPending ? (
        <Loading what="the campaigns" />
      ) : campaigns.isError ? (
        <LoadError
          what="The campaigns"
          error={campaigns.error}
          onRetry={() => void campaigns.refetch()}
        />
      ) : campaigns.data.campaigns.length === 0 ? (
        <p className="text-body-secondary">This account has no campaigns.</p>
      ) : (
        <ScrollingTable label={title}>
          <Table
            size="sm"
            className="align-middle"
            aria-label={title}
            aria-busy={campaigns.isFetching}
            data-testid="gads-campaigns"
          >
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Status</th>
                <th scope="col" className={numeric}>
                  Daily budget
                </th>
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
                  Avg. CPC
                </th>
                <th scope="col" className={numeric}>
                  Conversions
                </th>
                <th scope="col" className={numeric}>
                  Cost / conv.
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.campaigns.map((c) => (
                <tr key={c.id} data-testid="gads-campaign">
                  <th scope="row" className="fw-normal">
                    <span className="fw-semibold">{c.name}</span>
                    <span className="d-block small text-body-secondary">
                      {enumLabel(c.channelType)} · Schedule:{' '}
                      {schedules.isError ? 'not available' : (scheduleOf.get(c.id) ?? '…')}
                    </span>
                  </th>
                  <td>{enumLabel(c.status)}</td>
                  <td className={numeric}>{formatCents(c.budgetCents)}</td>
                  <MetricCells m={c.metrics} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fw-semibold" data-testid="gads-campaign-totals">
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <MetricCells m={campaigns.data.totals} />
              </tr>
            </tfoot>
          </Table>
        </ScrollingTable>
      )}
    </section>
  );
}
