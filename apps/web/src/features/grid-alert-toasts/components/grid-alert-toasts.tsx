import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import type { AlertToast } from './alert-toast-list';

/** Kept out of every page's first download: most sessions never see a grid alert. */
const AlertToastList = lazy(() => import('./alert-toast-list'));

/** At most this many toasts at once; older ones make room. */
const MAX_TOASTS = 3;

/**
 * `grid-alert.created` and `review-alert.created` as toasts while signed in: the alert's
 * title and a link to My alerts, where it is listed (kinds `grid` and `review`). Polite: it never interrupts what is being read.
 * The container (Bootstrap's `toast-container`) is always there, as a live region must be
 * before anything is announced in it.
 */
export function GridAlertToasts() {
  const queryClient = useQueryClient();
  const [toasts, setToasts] = useState<AlertToast[]>([]);
  const show = (toast: AlertToast) => {
    setToasts((shown) =>
      shown.some((t) => t.key === toast.key) ? shown : [...shown, toast].slice(-MAX_TOASTS),
    );
    // The alert lists refetch, so the new one is there when the link is followed.
    void queryClient.invalidateQueries({ queryKey: ['alerts'] });
  };
  useRealtimeEvent('grid-alert.created', (alert) =>
    show({ key: `grid-${alert.id}`, heading: 'Rank grid alert', title: alert.title }),
  );
  useRealtimeEvent('review-alert.created', (alert) =>
    show({ key: `review-${alert.id}`, heading: 'Review alert', title: alert.title }),
  );
  // Trial leads have their own alerts page.
  const alertsHref = useLocation().pathname.startsWith(paths.trial.root.href())
    ? paths.trial.myAlerts.href()
    : paths.dashboard.myAlerts.href();
  const close = (key: string) => setToasts((shown) => shown.filter((t) => t.key !== key));

  return (
    <div
      className="toast-container position-fixed bottom-0 end-0 p-3"
      style={{ zIndex: 1080 }}
      role="status"
      aria-live="polite"
      aria-label="Alerts"
    >
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <AlertToastList toasts={toasts} alertsHref={alertsHref} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
