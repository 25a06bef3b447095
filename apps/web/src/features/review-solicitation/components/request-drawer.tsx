import {
  formatInstantDateTime,
  REQUEST_STATUS_LABELS,
  SEND_TYPE_LABELS,
  SOLICITATION_CHANNEL_LABELS,
  type SolicitationRequestDetail,
} from '@pinpoint/contracts';
import { useId } from 'react';
import { Drawer } from '../../../components/drawer';
import { LoadError, Loading } from '../../../components/load-states';
import { useSolicitationRequest } from '../api/get-request';
import { EVENT_LABELS, STATUS_BADGES } from '../solicitation-format';

function Detail({ detail }: { detail: SolicitationRequestDetail }) {
  const r = detail.request;
  return (
    <>
      <p>
        <span className={`badge ${STATUS_BADGES[r.status]}`} data-testid="drawer-status">
          {REQUEST_STATUS_LABELS[r.status]}
        </span>{' '}
        by {SEND_TYPE_LABELS[r.sendType]}
      </p>
      <dl className="small row">
        <dt className="col-5 fw-normal text-body-secondary">Contact</dt>
        <dd className="col-7">{[r.phone, r.email].filter(Boolean).join(' · ')}</dd>
        <dt className="col-5 fw-normal text-body-secondary">Template</dt>
        <dd className="col-7">{detail.templateName ?? 'Removed'}</dd>
        <dt className="col-5 fw-normal text-body-secondary">Consent</dt>
        <dd className="col-7">
          {detail.consent.source === 'csv'
            ? 'Confirmed with a CSV upload'
            : 'Confirmed in the form'}
          , {formatInstantDateTime(detail.consent.at)}
        </dd>
        <dt className="col-5 fw-normal text-body-secondary">Customer's time zone</dt>
        <dd className="col-7">{detail.contactTimeZone}</dd>
      </dl>
      <h3 className="h6">Messages</h3>
      <ul className="list-unstyled small mb-3">
        {detail.messages.map((m) => (
          <li key={m.id} className="mb-1">
            <strong>{SOLICITATION_CHANNEL_LABELS[m.channel]}</strong> to {m.to}: {m.status}
            {m.failureReason && <span className="text-danger"> ({m.failureReason})</span>}
          </li>
        ))}
      </ul>
      <h3 className="h6">Timeline</h3>
      <ol className="list-unstyled mb-0" data-testid="request-timeline">
        {detail.events.map((e) => (
          <li key={e.id} className="border-start border-3 ps-3 pb-3">
            <div className="small text-body-secondary">{formatInstantDateTime(e.at)}</div>
            <div>
              {EVENT_LABELS[e.type] ?? e.type}
              {e.channel && (
                <span className="text-body-secondary">
                  {' '}
                  ({SOLICITATION_CHANNEL_LABELS[e.channel]})
                </span>
              )}
            </div>
            {e.note && <div className="small">{e.note}</div>}
          </li>
        ))}
      </ol>
    </>
  );
}

function Body({ productId, requestId }: { productId: number; requestId: number }) {
  const detail = useSolicitationRequest(productId, requestId);
  if (detail.isPending) return <Loading what="the request" />;
  if (detail.isError)
    return (
      <LoadError what="The request" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  return <Detail detail={detail.data} />;
}

/** One request's messages and timeline, kept current by the page's realtime refresh. */
export function RequestDrawer({
  productId,
  requestId,
  name,
  onClose,
}: {
  productId: number;
  requestId: number | null;
  name: string;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Drawer
      id={`${id}-drawer`}
      open={requestId !== null}
      onClose={onClose}
      placement="end"
      labelledBy={`${id}-title`}
      closeLabel="Close the request"
      header={
        <h2 id={`${id}-title`} className="h5 mb-0">
          Review request{name ? `: ${name}` : ''}
        </h2>
      }
    >
      {requestId !== null && <Body productId={productId} requestId={requestId} />}
    </Drawer>
  );
}
