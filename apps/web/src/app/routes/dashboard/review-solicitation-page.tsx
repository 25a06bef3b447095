import type { SolicitationSummary } from '@pinpoint/contracts';
import { useState } from 'react';
import { Link, useLoaderData, useParams, useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { useSolicitationSummary } from '../../../features/review-solicitation/api/get-summary';
import { RequestHistory } from '../../../features/review-solicitation/components/request-history';
import { SendForm } from '../../../features/review-solicitation/components/send-form';
import { BulkUpload } from '../../../features/solicitation-bulk/components/bulk-upload';
import { TemplatesPanel } from '../../../features/solicitation-templates/components/templates-panel';

const TABS = [
  { key: 'send', label: 'Send' },
  { key: 'bulk', label: 'Bulk CSV' },
  { key: 'templates', label: 'Templates' },
  { key: 'history', label: 'History' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** Said plainly when this server keeps messages instead of sending them. */
function OutboxNotice({ transports }: { transports: SolicitationSummary['transports'] }) {
  const kept = [
    transports.email === 'outbox' ? 'emails' : null,
    transports.sms === 'demo' ? 'texts' : null,
  ].filter(Boolean);
  if (kept.length === 0) return null;
  return (
    <div className="alert alert-warning" role="note" data-testid="outbox-notice">
      <strong>Nothing is sent to customers from this server:</strong> {kept.join(' and ')} are kept
      in the dev outbox (staff can open it) and never reach anyone. Their requests show “Not sent
      (dev outbox)”.
    </div>
  );
}

function Page({ summary, productType }: { summary: SolicitationSummary; productType: string }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'send';
  const [highlight, setHighlight] = useState<number | null>(null);
  const productId = summary.product.id;
  return (
    <>
      <OutboxNotice transports={summary.transports} />
      {!summary.reviewLink && (
        <div className="alert alert-danger" role="alert">
          {summary.company.name} has no Google Business Profile place id yet, so there is no review
          link to send. The agency adds it in the client's settings.
        </div>
      )}
      <nav aria-label="Review request sections" className="mb-3">
        <ul className="nav nav-tabs">
          {TABS.map((t) => (
            <li className="nav-item" key={t.key}>
              <Link
                to={`?tab=${t.key}`}
                className={`nav-link${t.key === tab ? ' active' : ''}`}
                aria-current={t.key === tab ? 'page' : undefined}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'send' && (
        <SendForm
          summary={summary}
          productType={productType}
          onSent={(requestId) => {
            setHighlight(requestId);
            setParams({ tab: 'history' });
          }}
        />
      )}
      {tab === 'bulk' && (
        <BulkUpload
          productId={productId}
          companyId={summary.company.id}
          companyTimeZone={summary.company.timeZone}
        />
      )}
      {tab === 'templates' && <TemplatesPanel productId={productId} />}
      {tab === 'history' && (
        <RequestHistory
          productId={productId}
          timeZone={summary.company.timeZone}
          highlight={highlight}
        />
      )}
    </>
  );
}

/**
 * /dashboard/review-solicitation/{product_id} and …/{product_type}/{product_id} (SPEC §2):
 * a product's review requests — the form, bulk CSV, templates and the history. The loader
 * decoded the product id; the product type, when in the address, must be the product's.
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const { product_type: typeInPath } = useParams();
  const summary = useSolicitationSummary(productId);
  return (
    <section>
      <h1 className="h3 mb-1">Review requests</h1>
      {summary.isPending ? (
        <Loading what="the product" />
      ) : summary.isError ? (
        <LoadError
          what="The product"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : typeInPath && typeInPath !== summary.data.product.slug ? (
        <p className="alert alert-warning">This address names another kind of product.</p>
      ) : (
        <>
          <p className="text-body-secondary mb-3" data-testid="solicitation-header">
            {summary.data.company.name} · {summary.data.product.name}
          </p>
          <Page key={productId} summary={summary.data} productType={summary.data.product.slug} />
        </>
      )}
    </section>
  );
}

export { Component };
