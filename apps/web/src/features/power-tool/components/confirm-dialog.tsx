import { type ReactNode, useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';

/**
 * A question before something that cannot be undone: a native modal `<dialog>`, so the page
 * behind is inert, Tab stays inside and Escape cancels; focus starts on the safe answer and
 * goes back to what had it when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: 'primary' | 'danger';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
      const back = opener.current;
      opener.current = null;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="border-0 rounded shadow p-0"
      style={{ maxWidth: 'min(32rem, calc(100vw - 2rem))' }}
      onCancel={(event) => {
        // Escape: the owner closes it (and keeps its state in step), not the browser.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className="p-4">
        <h2 id={`${id}-title`} className="h5">
          {title}
        </h2>
        <div id={`${id}-body`} className="mb-3">
          {children}
        </div>
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Button ref={cancel} variant="outline-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
            {busy && <InlineSpinner className="me-1" />}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
