import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import {
  ALERTS_PAGE_SIZE,
  useCompanyAlerts,
  useMarkAlertRead,
  useMarkAllAlertsRead,
} from '../api/alerts-api';
import { AlertItems } from './alert-items';

/** One company's alerts: an unread filter, the list, and pages of ten. */
export function CompanyAlerts({ companyId }: { companyId: number }) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const alerts = useCompanyAlerts({ companyId, unreadOnly, page });
  const markOne = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();
  const markError = markOne.error ?? markAll.error;
  const data = alerts.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ALERTS_PAGE_SIZE));
  // Marking the last alerts of the last page read (with "Unread only") leaves fewer pages:
  // go back to the new last one rather than show an empty page without a pager.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  return (
    <section aria-labelledby="alerts-heading" aria-busy={alerts.isFetching}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="alerts-heading" className="h5 mb-0">
          Alerts
          {data && data.unreadCount > 0 && (
            <span className="ms-2 small text-body-secondary fw-normal">
              {data.unreadCount} unread
            </span>
          )}
        </h2>
        {data && data.unreadCount > 0 && (
          <Button
            size="sm"
            variant="outline-primary"
            className="ms-auto"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate(companyId)}
          >
            {markAll.isPending ? 'Marking…' : 'Mark all as read'}
          </Button>
        )}
        <Form.Check
          type="switch"
          id="alerts-unread-only"
          className={data && data.unreadCount > 0 ? undefined : 'ms-auto'}
          label="Unread only"
          checked={unreadOnly}
          onChange={(e) => {
            setUnreadOnly(e.target.checked);
            setPage(1);
          }}
        />
      </div>

      {alerts.isPending && <Loading what="alerts" />}
      {alerts.isError && (
        <LoadError what="The alerts" error={alerts.error} onRetry={() => alerts.refetch()} />
      )}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">
          {unreadOnly ? 'No unread alerts. You are all caught up.' : 'No alerts yet.'}
        </p>
      )}
      {markError && (
        <Alert
          variant="danger"
          dismissible
          onClose={() => {
            markOne.reset();
            markAll.reset();
          }}
        >
          The alerts could not be marked as read: {markError.message}
        </Alert>
      )}
      {data && data.items.length > 0 && (
        <AlertItems
          alerts={data.items}
          label="Alerts"
          onMarkRead={(alertId) => markOne.mutate({ companyId, alertId })}
          markingId={markOne.isPending ? (markOne.variables?.alertId ?? null) : null}
        />
      )}

      <Pager label="Alert pages" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
