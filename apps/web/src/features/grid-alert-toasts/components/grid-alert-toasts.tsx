import type { GridAlertCreatedEvent } from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useRealtimeEvent } from '../../../lib/use-realtime';

/**
 * react-bootstrap writes role="alert" and aria-live="assertive" on every toast, after our
 * props. A scan finishing in the background should not interrupt what is being read, so the
 * toast's own live region is removed once mounted and the container, which is always there,
 * announces new toasts politely (React leaves attributes whose props do not change alone).
 */
function quietly(element: HTMLDivElement | null) {
  element?.removeAttribute('role');
  element?.removeAttribute('aria-live');
  element?.removeAttribute('aria-atomic');
}

/** At most this many toasts at once; older ones make room. */
const MAX_TOASTS = 3;
/** Long enough to read and reach the link; the close button ends it sooner. */
const TOAST_MS = 15_000;

/**
 * `grid-alert.created` as a toast while signed in: the alert's title and a link to My
 * alerts, where it is listed (kind `grid`). Polite: it never interrupts what is being read.
 */
export function GridAlertToasts() {
  const queryClient = useQueryClient();
  const [toasts, setToasts] = useState<GridAlertCreatedEvent[]>([]);
  useRealtimeEvent('grid-alert.created', (alert) => {
    setToasts((shown) =>
      shown.some((t) => t.id === alert.id) ? shown : [...shown, alert].slice(-MAX_TOASTS),
    );
    // The alert lists refetch, so the new one is there when the link is followed.
    void queryClient.invalidateQueries({ queryKey: ['alerts'] });
  });
  // Trial leads have their own alerts page.
  const alertsHref = useLocation().pathname.startsWith(paths.trial.root.href())
    ? paths.trial.myAlerts.href()
    : paths.dashboard.myAlerts.href();
  const close = (id: number) => setToasts((shown) => shown.filter((t) => t.id !== id));

  return (
    <ToastContainer
      position="bottom-end"
      className="p-3 position-fixed"
      style={{ zIndex: 1080 }}
      role="status"
      aria-live="polite"
      aria-label="Rank grid alerts"
    >
      {toasts.map((alert) => (
        <Toast
          key={alert.id}
          onClose={() => close(alert.id)}
          autohide
          delay={TOAST_MS}
          ref={quietly}
        >
          <Toast.Header closeLabel="Dismiss this alert">
            <strong className="me-auto">Rank grid alert</strong>
          </Toast.Header>
          <Toast.Body>
            <p className="mb-1">{alert.title}</p>
            <Link to={alertsHref} onClick={() => close(alert.id)}>
              Open My alerts
            </Link>
          </Toast.Body>
        </Toast>
      ))}
    </ToastContainer>
  );
}
