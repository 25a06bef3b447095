import { encodeId, formatInstantDateTime, type SupportRequest } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { requestAge } from '../request-age';
import { SupportAnswerForm } from './support-answer-form';
import { SupportReply } from './support-reply';
import { SupportStatusBadge } from './support-status-badge';

/** One request in the staff list: a summary line that opens to the message and the answer. */
export function StaffSupportRequestItem({ request }: { request: SupportRequest }) {
  // One encoding per product, so the link stays the same across renders.
  const productHref = useMemo(
    () => paths.dashboard.productPage.href(request.productSlug, encodeId(request.productId)),
    [request.productSlug, request.productId],
  );
  return (
    <li className="border rounded mb-2" data-testid="staff-support-request">
      <details>
        <summary className="p-2 d-flex flex-wrap align-items-center gap-2">
          <SupportStatusBadge status={request.status} />
          <span className="fw-semibold">{request.subject}</span>
          <span className="text-body-secondary small">
            {request.companyName} · {request.productName} · {requestAge(request.createdAt)}
          </span>
        </summary>
        <div className="px-3 pb-3">
          <p className="small text-body-secondary mb-1">
            From {request.authorName ?? 'a former user'}, {formatInstantDateTime(request.createdAt)}{' '}
            · <Link to={productHref}>Open the product page</Link>
          </p>
          <p className="mb-3" style={{ whiteSpace: 'pre-wrap' }}>
            {request.message}
          </p>
          <div className="mb-3">
            <SupportReply request={request} />
          </div>
          <SupportAnswerForm request={request} />
        </div>
      </details>
    </li>
  );
}
