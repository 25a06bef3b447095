import type { Notification, NotificationChanged, NotificationDecision } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useDecideNotification } from '../api/notifications-api';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** "“Friday post” was approved by Ann Owner." — the title when this tab has seen it. */
export function decisionMessage(event: NotificationChanged, title: string | null): string {
  const what = title ? `“${title}”` : 'A request';
  const who = event.actedBy ? ` by ${event.actedBy}` : '';
  return `${what} was ${event.state}${who}.`;
}

/** What happened to it, in words (a badge colour only repeats them). */
function Outcome({ notification }: { notification: Notification }) {
  const { state, actedBy, actedAt } = notification;
  if (state === 'pending') {
    return (
      <Badge bg="warning" text="dark">
        Waiting for approval
      </Badge>
    );
  }
  if (state === 'info') return null;
  const verb = state === 'approved' ? 'Approved' : 'Declined';
  return (
    <p className="small mb-0" data-testid="notification-outcome">
      <Badge bg={state === 'approved' ? 'success' : 'secondary'}>{verb}</Badge>
      {actedBy ? ` by ${actedBy.name}` : ''}
      {actedAt ? ` on ${formatWhen(actedAt)}` : ''}
    </p>
  );
}

/** One notification; a pending one can be approved or declined right here. */
export function NotificationItem({
  notification,
  companyId,
  onDecided,
}: {
  notification: Notification;
  companyId: number;
  /** Told in words once this tab's decision is stored (the item may then leave the list). */
  onDecided: (message: string) => void;
}) {
  const decide = useDecideNotification(companyId);
  // Declining asks first for an optional reason, which goes back to the agency with it.
  const [declining, setDeclining] = useState(false);
  const [comment, setComment] = useState('');
  const decideAs = (decision: NotificationDecision) =>
    decide.mutate(
      { id: notification.id, decision, comment: comment.trim() || undefined },
      {
        onSuccess: (stored) =>
          onDecided(
            decisionMessage({ ...stored, actedBy: stored.actedBy?.name ?? null }, stored.title),
          ),
      },
    );
  const titleId = `notification-${notification.id}-title`;
  const pending = notification.state === 'pending';
  return (
    <li className="border-bottom py-3" aria-labelledby={titleId}>
      <div className="d-flex justify-content-between align-items-start gap-2">
        <h3 id={titleId} className="h6 mb-1">
          {notification.title}
        </h3>
        {!notification.read && (
          <Badge bg="primary" pill>
            New
          </Badge>
        )}
      </div>
      {notification.body && <p className="small mb-1">{notification.body}</p>}
      <p className="small text-body-secondary mb-2">
        <time dateTime={notification.createdAt}>{formatWhen(notification.createdAt)}</time>
      </p>
      <Outcome notification={notification} />
      {pending && !declining && (
        <div className="d-flex gap-2 mt-2">
          <Button
            size="sm"
            variant="success"
            aria-describedby={titleId}
            disabled={decide.isPending}
            onClick={() => decideAs('approved')}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            aria-describedby={titleId}
            disabled={decide.isPending}
            onClick={() => setDeclining(true)}
          >
            Decline
          </Button>
        </div>
      )}
      {pending && declining && (
        <form
          className="mt-2"
          aria-label={`Decline ${notification.title}`}
          onSubmit={(event) => {
            event.preventDefault();
            decideAs('declined');
          }}
        >
          <label htmlFor={`${titleId}-comment`} className="form-label small mb-1">
            Why? (optional; the agency sees it)
          </label>
          <textarea
            id={`${titleId}-comment`}
            className="form-control form-control-sm mb-2"
            rows={2}
            maxLength={1000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className="d-flex gap-2">
            <Button size="sm" variant="danger" type="submit" disabled={decide.isPending}>
              Decline
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={decide.isPending}
              onClick={() => setDeclining(false)}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
      {decide.error && (
        <Alert variant="warning" className="small py-2 mt-2 mb-0" role="alert">
          {decide.error.message}
        </Alert>
      )}
    </li>
  );
}
