import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

export interface SharedLink {
  url: string;
  expiresAt: string;
}

const dayLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * A signed read-only link's panel (the alerts list, a rank grid scan): how long it lasts,
 * "Create link", then the link with Copy and its expiry. The link lives only in this
 * panel's state; the caller says what it opens and how it is made.
 */
export function ShareLinkCard<D extends number>(props: {
  /** Makes the panel's element ids unique on the page. */
  idPrefix: string;
  title: string;
  description: ReactNode;
  dayOptions: readonly D[];
  defaultDays: D;
  create: {
    mutate: (days: D, handlers: { onSuccess: (link: SharedLink) => void }) => void;
    isPending: boolean;
    error: Error | null;
  };
  formatExpiry: (iso: string) => string;
  expiryTestId: string;
}) {
  const { idPrefix, create } = props;
  const [days, setDays] = useState<D>(props.defaultDays);
  const [link, setLink] = useState<SharedLink | null>(null);
  const [copyNote, setCopyNote] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopyNote(null);
    create.mutate(days, {
      onSuccess: (made) => {
        setLink(made);
        // Focus the new address so keyboard and screen-reader users land on it.
        requestAnimationFrame(() => input.current?.focus());
      },
    });
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
    <Card as="section" aria-labelledby={`${idPrefix}-heading`} className="mt-4">
      <Card.Body>
        <h2 id={`${idPrefix}-heading`} className="h5">
          {props.title}
        </h2>
        <p className="small text-body-secondary">{props.description}</p>
        <Form onSubmit={submit} className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId={`${idPrefix}-days`}>
            <Form.Label className="small mb-1">Link expires after</Form.Label>
            <Form.Select value={days} onChange={(e) => setDays(Number(e.target.value) as D)}>
              {props.dayOptions.map((d) => (
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

        {create.error && (
          <Alert variant="danger" className="mt-3 mb-0">
            The link could not be created: {create.error.message}
          </Alert>
        )}

        {link && (
          <div className="mt-3">
            <Form.Label htmlFor={`${idPrefix}-url`} className="small mb-1">
              Read-only link
            </Form.Label>
            <InputGroup>
              <Form.Control
                id={`${idPrefix}-url`}
                ref={input}
                readOnly
                value={link.url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline-primary" onClick={copy}>
                Copy
              </Button>
            </InputGroup>
            <p className="small mt-1 mb-0" data-testid={props.expiryTestId}>
              Works until{' '}
              <time dateTime={link.expiresAt}>{props.formatExpiry(link.expiresAt)}</time>.
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
