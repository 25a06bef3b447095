import Toast from 'react-bootstrap/Toast';
import { Link } from 'react-router';

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

/** Long enough to read and reach the link; the close button ends it sooner. */
const TOAST_MS = 15_000;

/** One toast: what kind of alert (the heading) and its title. */
export interface AlertToast {
  key: string;
  heading: string;
  title: string;
}

/** The toasts themselves: a chunk of its own, loaded when the first alert arrives. */
export default function AlertToastList(props: {
  toasts: AlertToast[];
  alertsHref: string;
  onClose: (key: string) => void;
}) {
  return props.toasts.map((alert) => (
    <Toast
      key={alert.key}
      onClose={() => props.onClose(alert.key)}
      autohide
      delay={TOAST_MS}
      ref={quietly}
    >
      <Toast.Header closeLabel="Dismiss this alert">
        <strong className="me-auto">{alert.heading}</strong>
      </Toast.Header>
      <Toast.Body>
        <p className="mb-1">{alert.title}</p>
        <Link to={props.alertsHref} onClick={() => props.onClose(alert.key)}>
          Open My alerts
        </Link>
      </Toast.Body>
    </Toast>
  ));
}
