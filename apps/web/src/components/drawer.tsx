import './drawer.css';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';

/**
 * A side panel over the page: a native modal `<dialog>` (`showModal()`). The browser makes
 * the page behind inert, so Tab and Shift+Tab stay in the panel (and the browser's own
 * controls) with no focus-chasing script; Escape closes it; focus goes back to what had
 * it before. A click on the backdrop closes it too. The content is mounted only while it
 * is open, so what it loads is loaded on demand.
 */
export function Drawer({
  id,
  open,
  onClose,
  placement,
  labelledBy,
  header,
  closeLabel,
  style,
  children,
}: {
  id: string;
  open: boolean;
  /** Called once the dialog has closed, whatever closed it (Escape, backdrop, button). */
  onClose: () => void;
  placement: 'start' | 'end';
  /** The id of the title inside `header`, the dialog's name. */
  labelledBy: string;
  header: ReactNode;
  closeLabel: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closed = useRef(onClose);
  closed.current = onClose;
  // Where focus was when the panel opened, to give it back when it closes.
  const opener = useRef<Element | null>(null);
  const openedAt = useRef(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      openedAt.current = performance.now();
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onDialogClose = () => {
      // The event comes as a later task: a panel opened again in between is not closed.
      if (element.open) return;
      const back = opener.current;
      opener.current = null;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      closed.current();
    };
    // The page behind is inert, so a click outside the panel is on its backdrop (Chromium
    // aims those at the document, not the dialog). The click that opened it is not one.
    const onClick = (event: MouseEvent) => {
      if (!element.open || event.timeStamp < openedAt.current) return;
      // A control that removed itself on click (a button that turns into a form) is no
      // longer in the document by the time the click reaches it: not a click outside.
      if (event.target instanceof Node && !event.target.isConnected) return;
      if (!(event.target instanceof Node) || !element.contains(event.target)) {
        element.close();
        closed.current();
      }
    };
    // The owner hears of a close at once (Escape, backdrop, button), not at the queued
    // `close` event: a trigger pressed in between would otherwise find the panel still
    // "open" in its state, do nothing, and then see it closed (a fast keyboard user).
    const onCancel = () => closed.current();
    element.addEventListener('cancel', onCancel);
    element.addEventListener('close', onDialogClose);
    document.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('close', onDialogClose);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={labelledBy}
      className={`pp-drawer pp-drawer-${placement}`}
      style={style}
    >
      <div className="offcanvas-header">
        {header}
        <button
          type="button"
          className="btn-close"
          aria-label={closeLabel}
          onClick={() => {
            dialog.current?.close();
            closed.current();
          }}
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must take focus to scroll by keyboard (axe scrollable-region-focusable), even when nothing in it is a control */}
      <section className="offcanvas-body" tabIndex={0} aria-labelledby={labelledBy}>
        {open && children}
      </section>
    </dialog>
  );
}
