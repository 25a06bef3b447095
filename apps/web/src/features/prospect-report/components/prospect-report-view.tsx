import type { SalesReport } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { LoadError, Loading } from '../../../components/load-states';
import { formatRank } from '../../../components/rank-metrics';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { useProspectReport } from '../api/prospect-report-api';
import { ReportGrid } from './report-grid';
import {
  CompetitorsSection,
  ListingsSection,
  PageSpeedSection,
  RecommendationsSection,
} from './report-sections';

/** Said when the address has no token at all; the server says the same of a broken one. */
const NO_TOKEN_MESSAGE = 'This report link is not valid.';
const GONE_MESSAGE = 'This report is no longer available.';

function LinkProblem({ message, expired }: { message: string; expired: boolean }) {
  return (
    <Alert
      variant="warning"
      data-testid="link-problem"
      data-reason={expired ? 'expired' : 'invalid'}
    >
      <Alert.Heading as="h1" className="h5">
        {message}
      </Alert.Heading>
      <p className="mb-0">
        {expired
          ? 'Report links work for a limited time. Whoever sent it can share a fresh one.'
          : 'A report link works only as a whole: check that the address was copied completely.'}
      </p>
    </Alert>
  );
}

/** What a shared prospect report link opens: the whole report, read-only, with its PDF. */
export function ProspectReportView({
  token,
  query,
}: {
  token: string | null;
  query: ReturnType<typeof useProspectReport>;
}) {
  if (!token) return <LinkProblem message={NO_TOKEN_MESSAGE} expired={false} />;
  if (query.isPending) return <Loading what="the report" />;
  if (query.isError) {
    const error = query.error;
    // A refused link (400/410) carries the server's own message; anything else is ours.
    if (error instanceof ApiError && (error.status === 400 || error.status === 410)) {
      return <LinkProblem message={error.message} expired={error.status === 410} />;
    }
    if (error instanceof ApiError && error.status === 404) {
      return <LinkProblem message={GONE_MESSAGE} expired={false} />;
    }
    return <LoadError what="The report" error={error} onRetry={() => query.refetch()} />;
  }
  return <Report report={query.data} />;
}

function averageAtrp(report: SalesReport): number | null {
  const values = report.grids.flatMap((g) => (g.metrics?.atrp == null ? [] : [g.metrics.atrp]));
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function Report({ report }: { report: SalesReport }) {
  const { business, brand } = report;
  const cards = [
    {
      label: 'Google rating',
      value: business.rating === null ? '—' : `${business.rating.toFixed(1)} ★`,
      help:
        business.reviewCount === null
          ? 'No reviews summary'
          : `${business.reviewCount.toLocaleString('en-US')} reviews`,
    },
    {
      label: 'Listings score',
      value: report.listings ? `${report.listings.score}/100` : '—',
      help: 'Directories listing the business correctly',
    },
    {
      label: 'Page speed',
      value: report.pageSpeed ? String(report.pageSpeed.performance) : '—',
      help: report.pageSpeed ? `Performance, ${report.pageSpeed.strategy}` : 'Not measured',
    },
    {
      label: 'Average ATRP',
      value: formatRank(averageAtrp(report)),
      help: 'Average total rank over the maps; lower is better',
    },
  ];
  return (
    <>
      <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <p className="small text-uppercase fw-semibold mb-1" style={{ letterSpacing: '0.05em' }}>
            Local visibility report
          </p>
          <h1 className="h2 mb-1 text-break">{business.name}</h1>
          <p className="mb-1 text-body-secondary text-break">
            {[business.category, business.address].filter(Boolean).join(' · ')}
          </p>
          {business.website && <p className="mb-1 small text-break">{business.website}</p>}
          <p className="small text-body-secondary mb-0">
            Prepared {report.preparedBy ? `by ${report.preparedBy}, ` : 'by '}
            {brand.name} on{' '}
            <time dateTime={report.generatedAt}>{formatDate(report.generatedAt)}</time>. This link
            works until <time dateTime={report.expiresAt}>{formatDateTime(report.expiresAt)}</time>.
          </p>
        </div>
        <a
          className="btn btn-primary"
          href={report.pdfUrl}
          download
          data-testid="report-pdf-link"
          style={{ background: brand.primaryColor, borderColor: brand.primaryColor }}
        >
          Download PDF
        </a>
      </div>
      <Row xs={2} md={4} className="g-2 mb-4" as="section" aria-label="Summary">
        {cards.map((card) => (
          <Col key={card.label}>
            <Card className="h-100" style={{ borderTop: `3px solid ${brand.accentColor}` }}>
              <Card.Body className="p-2">
                <p className="small text-body-secondary mb-0">{card.label}</p>
                <p className="h4 mb-0">{card.value}</p>
                <p className="small text-body-secondary mb-0">{card.help}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <section aria-labelledby="report-maps" className="mb-4">
        <h2 id="report-maps" className="h4">
          Rankings by keyword
        </h2>
        {report.grids.length === 0 ? (
          <p className="text-body-secondary">No grid has finished yet.</p>
        ) : (
          <Row xs={1} lg={2} className="g-4">
            {report.grids.map((grid, i) => (
              <Col key={grid.keyword}>
                <ReportGrid grid={grid} headingId={`report-grid-${i}`} />
              </Col>
            ))}
          </Row>
        )}
      </section>
      <CompetitorsSection report={report} />
      <ListingsSection report={report} />
      <PageSpeedSection report={report} />
      <RecommendationsSection report={report} />
      <p className="small text-body-secondary border-top pt-3">
        Prepared by {brand.name}
        {brand.email ? ` · ${brand.email}` : ''}
        {brand.phone ? ` · ${brand.phone}` : ''}
      </p>
    </>
  );
}
