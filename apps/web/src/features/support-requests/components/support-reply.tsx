import { formatInstantDateTime, type SupportRequest } from '@pinpoint/contracts';

/** The agency's reply to a request, or that there is none yet. */
export function SupportReply({ request }: { request: SupportRequest }) {
  if (!request.reply) {
    return (
      <p className="small text-body-secondary mb-0">
        {request.status === 'open' ? 'Waiting for a reply.' : 'Closed without a written reply.'}
      </p>
    );
  }
  return (
    <figure className="border-start border-3 border-primary ps-3 mb-0" data-testid="support-reply">
      <figcaption className="small text-body-secondary mb-1">
        Reply from {request.repliedBy ?? 'your agency'}
        {request.repliedAt && `, ${formatInstantDateTime(request.repliedAt)}`}
      </figcaption>
      <blockquote className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
        {request.reply}
      </blockquote>
    </figure>
  );
}
