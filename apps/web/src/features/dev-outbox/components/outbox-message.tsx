import { Fragment } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Loading } from '../../../components/load-states';
import { useDevOutboxMessage } from '../api/dev-outbox-api';

/**
 * One kept message: who it was for, its headers, the text part, and the HTML part drawn
 * in an iframe with `sandbox=""` (no scripts, no forms, no same-origin access, links
 * inert), so a message's HTML can never act on this page.
 */
export function OutboxMessage({ id }: { id: number }) {
  const message = useDevOutboxMessage(id);
  if (message.isPending) return <Loading what="the message" />;
  if (message.isError) return <Alert variant="danger">{message.error.message}</Alert>;
  const m = message.data;
  return (
    <>
      <Alert variant="warning" className="py-2">
        <strong>Not sent.</strong> This {m.channel === 'sms' ? 'text' : 'email'} was kept in the dev
        outbox; nobody received it.
      </Alert>
      <dl className="row small mb-3">
        <dt className="col-3">To</dt>
        <dd className="col-9 text-break">{m.to}</dd>
        <dt className="col-3">From</dt>
        <dd className="col-9 text-break">{m.from}</dd>
        <dt className="col-3">Purpose</dt>
        <dd className="col-9">{m.purpose}</dd>
        <dt className="col-3">Kept</dt>
        <dd className="col-9">{new Date(m.created_at).toLocaleString()}</dd>
        {m.subject && (
          <>
            <dt className="col-3">Subject</dt>
            <dd className="col-9 text-break">{m.subject}</dd>
          </>
        )}
        {Object.entries(m.headers).map(([name, value]) => (
          <Fragment key={name}>
            <dt className="col-3 text-break">{name}</dt>
            <dd className="col-9 text-break">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3 className="h6" id={`outbox-text-${m.id}`}>
        Text part
      </h3>
      <pre
        className="border rounded p-2 bg-body-tertiary small"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {m.text}
      </pre>
      {m.html !== null && (
        <>
          <h3 className="h6 mt-3">HTML part</h3>
          <iframe
            title="HTML part (sandboxed)"
            sandbox=""
            srcDoc={m.html}
            className="border rounded w-100 bg-white"
            style={{ height: '24rem' }}
          />
          <details className="mt-2">
            <summary>HTML source</summary>
            <pre className="small" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {m.html}
            </pre>
          </details>
        </>
      )}
    </>
  );
}
