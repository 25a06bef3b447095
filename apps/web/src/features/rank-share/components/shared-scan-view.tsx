import type { SharedScan } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { GridHeatmap, PointsTable } from '../../../components/rank-grid/grid-heatmap';
import { describeSettings, formatRank, formatSolv } from '../../../components/rank-metrics';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import { useSharedScan } from '../api/scan-share-api';

/** Said when the address has no token at all; the server says the same of a broken one. */
const NO_TOKEN_MESSAGE = 'This scan link is not valid.';

function LinkProblem({ message }: { message: string }) {
  return (
    <Alert variant="warning" data-testid="link-problem">
      <Alert.Heading as="h1" className="h5">
        {message}
      </Alert.Heading>
      <p className="mb-0">
        A shared scan link works only as a whole and only until it expires. If you have a Pinpoint
        account, you can see your scans after you{' '}
        <Link to={paths.login.href(paths.dashboard.root.href())}>log in</Link>.
      </p>
    </Alert>
  );
}

function MetricCards({ scan }: { scan: SharedScan }) {
  const m = scan.metrics;
  const cards = [
    { label: 'ATRP', value: formatRank(m?.atrp), help: 'Average total rank, not found = 21' },
    { label: 'ARP', value: formatRank(m?.arp), help: 'Average rank where found' },
    { label: 'SoLV', value: formatSolv(m?.solv), help: 'Share of points ranked 1–3' },
    {
      label: 'Found in',
      value: m ? `${formatCount(m.foundIn)} of ${formatCount(m.measured)}` : '—',
      help: 'Points where the business shows',
    },
  ];
  return (
    <Row xs={2} md={4} className="g-2 mb-3" as="section" aria-label="Scan metrics">
      {cards.map((card) => (
        <Col key={card.label}>
          <Card className="h-100">
            <Card.Body className="p-2">
              <p className="small text-body-secondary mb-0">{card.label}</p>
              <p className="h4 mb-0" data-testid={`metric-${card.label}`}>
                {card.value}
              </p>
              <p className="small text-body-secondary mb-0">{card.help}</p>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** What a shared scan link opens: one scan's grid, metrics and competitors, read-only. */
export function SharedScanView({ token }: { token: string | null }) {
  const shared = useSharedScan(token);

  if (!token) return <LinkProblem message={NO_TOKEN_MESSAGE} />;
  if (shared.isPending) return <Loading what="the shared scan" />;
  if (shared.isError) {
    const error = shared.error;
    // A refused link (400/410) carries the server's own message; anything else is ours.
    if (error instanceof ApiError && (error.status === 400 || error.status === 410)) {
      return <LinkProblem message={error.message} />;
    }
    return <LoadError what="The scan" error={error} onRetry={() => shared.refetch()} />;
  }

  const scan = shared.data;
  return (
    <>
      <h1 className="h3 mb-1 text-break">Rank grid for {scan.company.name}</h1>
      <p className="mb-1 text-break">
        {describeSettings(scan)} · scanned on{' '}
        <time dateTime={scan.createdAt}>{formatDate(scan.createdAt)}</time>
      </p>
      <p className="small text-body-secondary">
        A read-only view shared from Pinpoint. This link works until{' '}
        <time dateTime={scan.expiresAt}>{formatDateTime(scan.expiresAt)}</time>.
      </p>
      {scan.status !== 'done' && (
        <Alert variant="info">
          This scan had not finished when it was opened: some points may not be measured yet.
        </Alert>
      )}
      <MetricCards scan={scan} />
      <section aria-labelledby="shared-grid-heading" className="mb-4">
        <h2 id="shared-grid-heading" className="h5">
          Grid
        </h2>
        <GridHeatmap size={scan.size} points={scan.points} />
        <PointsTable size={scan.size} points={scan.points} />
      </section>
      <section aria-labelledby="shared-competitors-heading">
        <h2 id="shared-competitors-heading" className="h5">
          Top competitors
        </h2>
        {scan.competitors.length === 0 ? (
          <p className="text-body-secondary">No competitors were seen in this scan.</p>
        ) : (
          <div className="table-responsive">
            <Table size="sm">
              <thead>
                <tr>
                  <th scope="col">Business</th>
                  <th scope="col">ATRP</th>
                  <th scope="col">SoLV</th>
                  <th scope="col">Found in</th>
                </tr>
              </thead>
              <tbody>
                {scan.competitors.map((competitor, i) => (
                  // Names can repeat (branches of a chain); their order is the server's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                  <tr key={i}>
                    <th scope="row" className="fw-normal text-break">
                      {competitor.name}
                    </th>
                    <td>{formatRank(competitor.atrp)}</td>
                    <td>{formatSolv(competitor.solv)}</td>
                    <td>{competitor.foundIn}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </section>
    </>
  );
}
