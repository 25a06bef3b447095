import type { ReactNode } from 'react';

/**
 * A wide table's sideways scroll box that keyboard users can focus and scroll with the
 * arrow keys (axe "scrollable-region-focusable", WCAG 2.1.1), named for screen readers.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <section className="table-responsive mb-3" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
