import { formatInstantDateTime } from '@pinpoint/contracts';
import { LoadError, Loading } from '../../../components/load-states';
import { useProductSupportRequests } from '../api/get-product-support-requests';
import { useSupportRequestEvents } from '../hooks/use-support-request-events';
import { SupportReply } from './support-reply';
import { SupportStatusBadge } from './support-status-badge';

/** The product's support requests with their status and the agency's reply, kept live. */
export function ProductSupportRequests({ productId }: { productId: number }) {
  const requests = useProductSupportRequests(productId);
  useSupportRequestEvents();
  return (
    <section aria-labelledby="support-list-title" className="mb-4">
      <h2 id="support-list-title" className="h5">
        Your requests
      </h2>
      {requests.isPending && <Loading what="your requests" />}
      {requests.isError && (
        <LoadError
          what="Your requests"
          error={requests.error}
          onRetry={() => void requests.refetch()}
        />
      )}
      {requests.data?.items.length === 0 && (
        <p className="text-body-secondary">No requests about this product yet.</p>
      )}
      {requests.data && requests.data.items.length > 0 && (
        <ul className="list-unstyled mb-0" aria-labelledby="support-list-title">
          {requests.data.items.map((request) => (
            <li key={request.id} className="border rounded p-3 mb-2" data-testid="support-request">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                <h3 className="h6 mb-0">{request.subject}</h3>
                <SupportStatusBadge status={request.status} />
                <span className="small text-body-secondary">
                  {formatInstantDateTime(request.createdAt)}
                  {request.authorName && ` · ${request.authorName}`}
                </span>
              </div>
              <p className="mb-2" style={{ whiteSpace: 'pre-wrap' }}>
                {request.message}
              </p>
              <SupportReply request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
