import {
  type FbadsFigures,
  fbadsRatios,
  formatInstantDateTime,
  formatRange,
} from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCents, formatCount, formatPercent } from '../../../lib/format';
import { useFbadsReport } from '../api/get-fbads-report';
import { figureList } from '../fbads-format';
import { FbadsDailyChart } from './fbads-daily-chart';

const OBJECTIVES: Record<string, string> = {
  OUTCOME_LEADS: 'Leads',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_SALES: 'Sales',
};

function FigureCells({ f }: { f: FbadsFigures }) {
  const r = fbadsRatios(f);
  return (
    <>
      <td className="text-end">{formatCents(f.spendCents)}</td>
      <td className="text-end">{formatCount(f.reachDailySum)}</td>
      <td className="text-end">{formatCount(f.impressions)}</td>
      <td className="text-end">{formatCount(f.clicks)}</td>
      <td className="text-end">{formatPercent(r.ctr, 2)}</td>
      <td className="text-end">{formatCents(r.cpcCents)}</td>
      <td className="text-end">{formatCount(f.leads)}</td>
      <td className="text-end">{formatCents(r.costPerLeadCents)}</td>
    </>
  );
}

/** The Facebook Ads product's report: figures vs the previous period, each day, each campaign. */
export default function FacebookAdsReport({ productId, range }: ProductReportProps) {
  const report = useFbadsReport(productId, range);
  if (report.isPending) return <Loading what="the Facebook Ads report" />;
  if (report.isError) {
    return (
      <LoadError
        what="The Facebook Ads report"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  }
  const data = report.data;
  const previous = figureList(data.previousTotals);
  return (
    <div aria-busy={report.isFetching} data-testid="fbads-report">
      {data.connection === null ? (
        <Alert variant="secondary">
          No Facebook ad account is connected to this product yet, so there are no figures to show.
        </Alert>
      ) : (
        <p className="small text-body-secondary" data-testid="fbads-freshness">
          {data.connection.lastSyncedAt
            ? `Last synced from Facebook ${formatInstantDateTime(data.connection.lastSyncedAt)}.`
            : 'Not synced from Facebook yet.'}
          {data.connection.status === 'needs_attention' &&
            ' The ad account needs attention: your agency has been told and will reconnect it.'}
        </p>
      )}
      <Row xs={1} sm={2} xl={4} className="g-3 mb-2">
        {figureList(data.totals).map((figure, i) => (
          <Col key={figure.key}>
            <Card className="h-100" data-testid="report-figure" data-figure={figure.key}>
              <Card.Body>
                <h3 className="h6 text-body-secondary mb-1">{figure.label}</h3>
                <p className="fs-4 fw-semibold mb-1" data-testid="figure-value">
                  {figure.value}
                </p>
                <p className="small text-body-secondary mb-0">
                  Previous period: {previous[i]?.value}
                </p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="small text-body-secondary mb-4" data-testid="fbads-how-counted">
        <strong>How this is counted:</strong> figures are Facebook's, for the ad account's days{' '}
        {formatRange(data.range)} (previous period {formatRange(data.previousRange)}). Facebook
        counts reach as unique people per day; a person reached on two days counts twice here, so
        "Reach" is the sum of daily reach, an upper bound on the people reached, not unique reach.
        Leads are Facebook's lead results (lead forms and website leads). CTR is clicks ÷
        impressions, CPC is spend ÷ clicks, cost per lead is spend ÷ leads.
      </p>
      <FbadsDailyChart days={data.days} />
      <h3 className="h6">Campaigns</h3>
      {data.campaigns.length === 0 ? (
        <p className="text-body-secondary">No campaign delivered in this period.</p>
      ) : (
        <ScrollingTable label="Campaigns">
          <Table size="sm" hover aria-label="Campaigns" data-testid="fbads-campaigns">
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Goal</th>
                <th scope="col">Status</th>
                <th scope="col" className="text-end">
                  Spend
                </th>
                <th scope="col" className="text-end">
                  Reach (daily sum)
                </th>
                <th scope="col" className="text-end">
                  Impressions
                </th>
                <th scope="col" className="text-end">
                  Clicks
                </th>
                <th scope="col" className="text-end">
                  CTR
                </th>
                <th scope="col" className="text-end">
                  CPC
                </th>
                <th scope="col" className="text-end">
                  Leads
                </th>
                <th scope="col" className="text-end">
                  Cost per lead
                </th>
              </tr>
            </thead>
            <tbody>
              {data.campaigns.map((c) => (
                <tr key={c.campaignId} data-testid="fbads-campaign">
                  <th scope="row" className="fw-normal">
                    {c.name}
                  </th>
                  <td>{OBJECTIVES[c.objective] ?? (c.objective || '—')}</td>
                  <td>{c.status ? c.status.charAt(0) + c.status.slice(1).toLowerCase() : '—'}</td>
                  <FigureCells f={c} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fw-semibold" data-testid="fbads-campaigns-total">
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <FigureCells f={data.totals} />
              </tr>
            </tfoot>
          </Table>
        </ScrollingTable>
      )}
    </div>
  );
}
