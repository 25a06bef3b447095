import type { AlertKind, SharedAlert } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';

const KINDS: Record<AlertKind, { label: string; bg: string; text?: 'dark' }> = {
  grid: { label: 'Rank grid', bg: 'primary' },
  listing: { label: 'Listing', bg: 'success' },
  freemium: { label: 'Free scan', bg: 'secondary' },
  review: { label: 'Review', bg: 'warning', text: 'dark' },
  uptime: { label: 'Website down', bg: 'danger' },
};

const two = (n: number) => String(n).padStart(2, '0');

/** MM/dd/yyyy (DECISIONS.md "Data") and the local time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * Alerts as a list, newest first: kind, title, body, date and whether it is unread. Shared
 * by the dashboard page and the public read-only page, so both read the same way; only the
 * dashboard passes `onMarkRead` (the public page is read-only).
 */
export function AlertItems({
  alerts,
  label,
  onMarkRead,
  markingId,
}: {
  alerts: SharedAlert[];
  label: string;
  onMarkRead?: (alertId: number) => void;
  /** The alert being marked right now, whose button waits. */
  markingId?: number | null;
}) {
  return (
    <ListGroup as="ul" aria-label={label}>
      {alerts.map((alert) => {
        const kind = KINDS[alert.kind];
        return (
          <ListGroup.Item as="li" key={alert.id} className="py-3" data-testid="alert-item">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <Badge bg={kind.bg} text={kind.text}>
                {kind.label}
              </Badge>
              {!alert.read && (
                <Badge bg="warning" text="dark">
                  Unread
                </Badge>
              )}
              <time dateTime={alert.createdAt} className="small text-body-secondary ms-auto">
                {formatDateTime(alert.createdAt)}
              </time>
            </div>
            <h3 className={`h6 mb-1 text-break${alert.read ? ' fw-normal' : ''}`}>{alert.title}</h3>
            {alert.body && <p className="mb-0 small text-break">{alert.body}</p>}
            {onMarkRead && !alert.read && (
              <Button
                size="sm"
                variant="outline-secondary"
                className="mt-2"
                disabled={markingId === alert.id}
                onClick={() => onMarkRead(alert.id)}
              >
                Mark as read<span className="visually-hidden">: {alert.title}</span>
              </Button>
            )}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
