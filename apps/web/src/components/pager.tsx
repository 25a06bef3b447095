import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';

/**
 * Previous/next paging with "Page N of M", for every paginated list. Renders nothing when
 * everything fits on one page.
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  previousText = 'Previous',
  nextText = 'Next',
  className = 'mt-3',
}: {
  /** Names the navigation landmark, e.g. "Alert pages". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  previousText?: string;
  nextText?: string;
  className?: string;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // "Next" on the last page (or "Previous" on the first) turns disabled under keyboard focus,
  // which drops focus to the start of the document: once the page has changed, the other
  // button takes it, unless focus has already moved on elsewhere.
  const handOver = useRef<{ from: HTMLButtonElement | null; to: HTMLButtonElement | null }>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs once the page has changed
  useEffect(() => {
    const move = handOver.current;
    handOver.current = null;
    if (!move) return;
    const lost = document.activeElement === move.from || document.activeElement === document.body;
    if (lost) move.to?.focus();
  }, [page]);

  if (pages <= 1) return null;
  const go = (
    to: number,
    edge: boolean,
    from: HTMLButtonElement | null,
    other: HTMLButtonElement | null,
  ) => {
    if (edge) handOver.current = { from, to: other };
    onPage(to);
  };
  return (
    <nav aria-label={label} className={`d-flex align-items-center gap-2 ${className}`}>
      <Button
        ref={previous}
        size="sm"
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => go(page - 1, page - 1 <= 1, previous.current, next.current)}
      >
        {previousText}
      </Button>
      <span className="small">
        Page {page} of {pages}
      </span>
      <Button
        ref={next}
        size="sm"
        variant="outline-secondary"
        disabled={page >= pages}
        onClick={() => go(page + 1, page + 1 >= pages, next.current, previous.current)}
      >
        {nextText}
      </Button>
    </nav>
  );
}
