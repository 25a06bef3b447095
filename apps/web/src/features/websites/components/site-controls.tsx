import type { WebsiteSite } from '@pinpoint/contracts';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { useCheckNow, useSetDemoDown, useSetSiteUrl } from '../api/website-uptime';

/** The message of a failed staff action, a field's own when the server named the field. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.fieldErrors().url ?? error.message;
  return 'That did not work. Try again.';
}

/**
 * Staff controls of a site (the server checks staff rights again): check now, take a demo
 * site down or bring it back, and point the product at another URL.
 */
export function SiteControls({ productId, site }: { productId: number; site: WebsiteSite }) {
  const id = useId();
  const checkNow = useCheckNow(productId);
  const setDemoDown = useSetDemoDown(productId);
  const setUrl = useSetSiteUrl(productId);
  const [editing, setEditing] = useState(false);
  const [url, setUrlText] = useState('');
  const busy = checkNow.isPending || setDemoDown.isPending;
  const actionError = checkNow.error ?? setDemoDown.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUrl.mutate(url, { onSuccess: () => setEditing(false) });
  };

  return (
    <div className="border rounded p-2 mb-3">
      <p className="small fw-semibold mb-2">Staff controls</p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button size="sm" variant="primary" disabled={busy} onClick={() => checkNow.mutate()}>
          {checkNow.isPending && <InlineSpinner className="me-1" />}
          Check now
        </Button>
        {site.isDemo && (
          <Button
            size="sm"
            variant={site.demoDown ? 'success' : 'danger'}
            disabled={busy}
            onClick={() => setDemoDown.mutate(!site.demoDown)}
          >
            {setDemoDown.isPending && <InlineSpinner className="me-1" />}
            {site.demoDown ? 'Bring the demo site back up' : 'Take the demo site down'}
          </Button>
        )}
        <Button
          size="sm"
          variant="link"
          aria-expanded={editing}
          aria-controls={`${id}-url`}
          onClick={() => {
            setEditing((open) => !open);
            setUrlText(site.isDemo ? '' : site.url);
            setUrl.reset();
          }}
        >
          {editing ? 'Cancel' : 'Change the site URL'}
        </Button>
      </div>
      {site.demoDown && (
        <p className="small text-danger-emphasis mt-2 mb-0">
          The demo site is taken down: it answers 503 until you bring it back.
        </p>
      )}
      {actionError && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {messageOf(actionError)}
        </p>
      )}
      <form id={`${id}-url`} hidden={!editing} className="mt-2" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-input`} className="form-label small">
          Site URL (http or https; private and local addresses are refused)
        </label>
        <div className="d-flex gap-2 flex-wrap">
          <input
            id={`${id}-input`}
            type="url"
            inputMode="url"
            className={`form-control form-control-sm${setUrl.isError ? ' is-invalid' : ''}`}
            style={{ maxWidth: '28rem' }}
            value={url}
            placeholder="https://www.example.com"
            aria-invalid={setUrl.isError}
            aria-describedby={setUrl.isError ? `${id}-error` : undefined}
            onChange={(event) => setUrlText(event.target.value)}
            required
          />
          <Button type="submit" size="sm" disabled={setUrl.isPending}>
            {setUrl.isPending && <InlineSpinner className="me-1" />}
            Save URL
          </Button>
        </div>
        {setUrl.isError && (
          <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
            {messageOf(setUrl.error)}
          </div>
        )}
      </form>
    </div>
  );
}
