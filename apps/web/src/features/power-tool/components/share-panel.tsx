import { SALES_REPORT_LINK_DAYS, type SalesReportLinkDays } from '@pinpoint/contracts';
import { ShareLinkCard } from '../../../components/share-link-card';
import { formatDateTime } from '../../../lib/format';
import { useCreateReportLink } from '../api/report';
import { reportPdfPath } from '../api/sales-keys';

/**
 * The prospect report: a signed link that opens it without signing in until it expires
 * (copy it, see its expiry), and the same report as a PDF.
 */
export function SharePanel({ containerId, name }: { containerId: number; name: string }) {
  const create = useCreateReportLink(containerId);
  const link = create.data;
  const fileName = `prospect-report-${
    name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || containerId
  }.pdf`;
  return (
    <div className="mb-4">
      <ShareLinkCard
        idPrefix={`prospect-report-${containerId}`}
        title="Share the report"
        description={`Anyone with the link sees the report on ${name}, branded with the agency's name and colours, without signing in: heatmaps, competitors, listings and recommendations.`}
        dayOptions={SALES_REPORT_LINK_DAYS}
        defaultDays={14 satisfies SalesReportLinkDays}
        create={{
          mutate: (days, handlers) => create.mutate(days, handlers),
          isPending: create.isPending,
          error: create.error,
        }}
        formatExpiry={formatDateTime}
        expiryTestId="prospect-report-expiry"
      />
      <div className="d-flex flex-wrap gap-3 align-items-center mt-2">
        <a
          className="btn btn-outline-primary btn-sm"
          href={reportPdfPath(containerId)}
          download={fileName}
        >
          Download PDF
        </a>
        {link && (
          <a href={link.url} target="_blank" rel="noopener noreferrer" className="small">
            Open the shared report
          </a>
        )}
      </div>
    </div>
  );
}
