import { formatInstantDateTime, type QrCode, qrTargetProblem } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-error';
import { qrImageUrl, useQrCodeAction, useUpdateQrCode } from '../api/qr-api';

/**
 * One code: its image (SVG preview), downloads, where it leads (editable in place: the
 * printed code stays the same), its scans, and archive / restore / delete.
 */
export function QrCodeItem({
  productId,
  code,
  canEdit,
  timeZone,
}: {
  productId: number;
  code: QrCode;
  canEdit: boolean;
  timeZone: string;
}) {
  const id = useId();
  const update = useUpdateQrCode(productId);
  const action = useQrCodeAction(productId);
  const [editing, setEditing] = useState(false);
  const [target, setTarget] = useState(code.targetUrl);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    const problem = qrTargetProblem(target);
    setError(problem);
    if (problem) return;
    update.mutate(
      { id: code.id, targetUrl: target.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (e) =>
          setError(e instanceof ApiError ? (e.fieldErrors().targetUrl ?? e.message) : e.message),
      },
    );
  }

  return (
    <li className="list-group-item py-3" aria-labelledby={`${id}-name`}>
      <div className="d-flex flex-wrap gap-3">
        <img
          src={qrImageUrl(productId, code.id, 'svg')}
          alt={`QR code “${code.name}”, opening ${code.redirectUrl}`}
          width={112}
          height={112}
          className="border rounded bg-white"
        />
        <div className="flex-grow-1" style={{ minWidth: '16rem' }}>
          <h3 id={`${id}-name`} className="h6 mb-1">
            {code.name}
            {code.status === 'archived' && (
              <span className="badge text-bg-secondary ms-2">Archived</span>
            )}
          </h3>
          <p className="small mb-1">
            Encodes <code>{code.redirectUrl}</code>
          </p>
          {editing ? (
            <Form noValidate onSubmit={save} className="mb-2">
              <Form.Label htmlFor={`${id}-target`} className="small mb-1">
                Opens this address
              </Form.Label>
              <div className="d-flex gap-2 flex-wrap">
                <Form.Control
                  id={`${id}-target`}
                  type="url"
                  size="sm"
                  value={target}
                  onChange={(e) => setTarget(e.target.value)}
                  isInvalid={Boolean(error)}
                  aria-describedby={error ? `${id}-target-error` : undefined}
                  style={{ maxWidth: '28rem' }}
                />
                <Button type="submit" size="sm" disabled={update.isPending}>
                  {update.isPending && <InlineSpinner className="me-1" />}Save
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => {
                    setEditing(false);
                    setTarget(code.targetUrl);
                    setError(null);
                  }}
                >
                  Cancel
                </Button>
              </div>
              {error && (
                <div id={`${id}-target-error`} className="invalid-feedback d-block">
                  {error}
                </div>
              )}
            </Form>
          ) : (
            <p className="small mb-1 text-break">
              Opens{' '}
              <a href={code.targetUrl} rel="noopener noreferrer nofollow" target="_blank">
                {code.targetUrl}
              </a>
            </p>
          )}
          <p className="small text-body-secondary mb-2">
            {code.scans.toLocaleString()} {code.scans === 1 ? 'scan' : 'scans'}
            {code.lastScanAt && `, last ${formatInstantDateTime(code.lastScanAt, timeZone)}`}
          </p>
          <div className="d-flex flex-wrap gap-2">
            <a
              className="btn btn-sm btn-outline-primary"
              href={qrImageUrl(productId, code.id, 'png')}
              download
            >
              Download PNG<span className="visually-hidden"> of {code.name}</span>
            </a>
            <a
              className="btn btn-sm btn-outline-primary"
              href={qrImageUrl(productId, code.id, 'svg')}
              download
            >
              Download SVG<span className="visually-hidden"> of {code.name}</span>
            </a>
            {canEdit && !editing && code.status === 'active' && (
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
                Change address<span className="visually-hidden"> of {code.name}</span>
              </Button>
            )}
            {canEdit && (
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={action.isPending}
                onClick={() =>
                  action.mutate({
                    id: code.id,
                    action: code.status === 'active' ? 'archive' : 'restore',
                  })
                }
              >
                {code.status === 'active' ? 'Archive' : 'Restore'}
                <span className="visually-hidden"> {code.name}</span>
              </Button>
            )}
            {canEdit &&
              (confirmDelete ? (
                <>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={action.isPending}
                    onClick={() => action.mutate({ id: code.id, action: 'delete' })}
                  >
                    Delete code and its scans
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => setConfirmDelete(false)}
                  >
                    Keep it
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="outline-danger" onClick={() => setConfirmDelete(true)}>
                  Delete<span className="visually-hidden"> {code.name}</span>
                </Button>
              ))}
          </div>
          {action.error && (
            <Alert variant="danger" className="mt-2 mb-0 py-2 small">
              {action.error.message}
            </Alert>
          )}
        </div>
      </div>
    </li>
  );
}
