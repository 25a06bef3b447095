import {
  DEFAULT_SCAN_LINK_DAYS,
  SCAN_LINK_DAYS,
  type ScanLinkDays,
  type ScanShareLink,
} from '@pinpoint/contracts';
import { type FormEvent, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useCreateScanShareLink } from './api/scan-share-api';
import { formatDateTime } from './components/format';

const dayLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * "Share this scan": anyone who has the link sees this one scan (grid, metrics, competitors)
 * without signing in, until it expires. The link lives only in this panel's state.
 */
export function ShareScanPanel({ scanId }: { scanId: number }) {
  const [days, setDays] = useState<ScanLinkDays>(DEFAULT_SCAN_LINK_DAYS);
  const [link, setLink] = useState<ScanShareLink | null>(null);
  const [copyNote, setCopyNote] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateScanShareLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopyNote(null);
    create.mutate(
      { scanId, days },
      {
        onSuccess: (made) => {
          setLink(made);
          // Focus the new address so keyboard and screen-reader users land on it.
          requestAnimationFrame(() => input.current?.focus());
        },
      },
    );
  };

  const copy = async () => {
    if (!link) return;
    try {
      // The clipboard API needs a secure context (https or localhost) and permission.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link.url);
      setCopyNote({ ok: true, text: 'Link copied to the clipboard.' });
    } catch {
      input.current?.select();
      setCopyNote({
        ok: false,
        text: 'Copying is not possible here. The link is selected: copy it with Ctrl+C (⌘C on a Mac).',
      });
    }
  };

  return (
    <Card as="section" aria-labelledby={`scan-share-heading-${scanId}`} className="mt-4">
      <Card.Body>
        <h2 id={`scan-share-heading-${scanId}`} className="h5">
          Share this scan
        </h2>
        <p className="small text-body-secondary">
          Anyone with the link can see this scan&apos;s grid and metrics, without signing in, until
          it expires.
        </p>
        <Form onSubmit={submit} className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId={`scan-share-days-${scanId}`}>
            <Form.Label className="small mb-1">Link expires after</Form.Label>
            <Form.Select
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as ScanLinkDays)}
            >
              {SCAN_LINK_DAYS.map((d) => (
                <option key={d} value={d}>
                  {dayLabel(d)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create link'}
          </Button>
        </Form>

        {create.isError && (
          <Alert variant="danger" className="mt-3 mb-0">
            The link could not be created: {create.error.message}
          </Alert>
        )}

        {link && (
          <div className="mt-3">
            <Form.Label htmlFor={`scan-share-url-${scanId}`} className="small mb-1">
              Read-only link
            </Form.Label>
            <InputGroup>
              <Form.Control
                id={`scan-share-url-${scanId}`}
                ref={input}
                readOnly
                value={link.url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline-primary" onClick={copy}>
                Copy
              </Button>
            </InputGroup>
            <p className="small mt-1 mb-0" data-testid="scan-share-expiry">
              Works until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
            </p>
          </div>
        )}
        <div aria-live="polite" className="small mt-1">
          {copyNote && (
            <span className={copyNote.ok ? 'text-success' : 'text-body-secondary'}>
              {copyNote.text}
            </span>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
