import { LISTING_FIELD_LABELS, type ListingPush } from '@pinpoint/contracts';

/**
 * The latest push as the outbox has it: never "sent" before Google took it, and a refusal
 * with Google's reason. A live region, so the change is announced.
 */
export function ListingPushStatus({ push }: { push: ListingPush | null }) {
  const fields = push?.fields.map((f) => LISTING_FIELD_LABELS[f].toLowerCase()).join(', ');
  return (
    <p
      className={`small mb-2 ${push?.status === 'failed' ? 'text-danger' : ''}`}
      aria-live="polite"
      data-testid="listing-push-status"
    >
      {!push && 'Nothing pushed yet.'}
      {push?.status === 'pending' && `Sending… (${fields})`}
      {push?.status === 'sent' &&
        `Sent to Google ${push.sentAt ? new Date(push.sentAt).toLocaleString() : ''} (${fields})`}
      {push?.status === 'failed' && `Failed: ${push.error ?? 'Google refused it.'} (${fields})`}
    </p>
  );
}
