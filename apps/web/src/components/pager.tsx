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
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={`d-flex align-items-center gap-2 ${className}`}>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {previousText}
      </Button>
      <span className="small">
        Page {page} of {pages}
      </span>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {nextText}
      </Button>
    </nav>
  );
}
