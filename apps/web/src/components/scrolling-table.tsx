import type { ReactNode } from 'react';

/**
 * A wide table's sideways scroller for phones (no page-wide sideways scroll at 375 px). It
 * takes keyboard focus, so a table without links or buttons can still be scrolled (axe
 * "scrollable-region-focusable"), and it is a named region so that focus stop means
 * something. Positioned, so visually hidden labels inside stay within it.
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must take focus to scroll by keyboard
    <section className="table-responsive position-relative" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
