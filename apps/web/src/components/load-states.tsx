import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/**
 * The one small spinner, for loading lines and busy buttons. It is a <span>: React
 * Bootstrap's default <div> may not sit inside a <p> or a <button>. Screen readers hear
 * the text beside it, not the spinner.
 */
export function InlineSpinner({ className }: { className?: string }) {
  return <Spinner as="span" size="sm" aria-hidden="true" className={className} />;
}

/**
 * The one loading line of pages, lists and panels, announced to screen readers:
 * "Loading {what}…", or `label` where the words differ.
 */
export function Loading({
  what,
  label,
  className,
}: {
  what?: string;
  label?: string;
  className?: string;
}) {
  return (
    <p
      className={className ? `text-body-secondary ${className}` : 'text-body-secondary'}
      role="status"
    >
      <InlineSpinner /> {label ?? (what ? `Loading ${what}…` : 'Loading…')}
    </p>
  );
}

/** A failed load, with the server's message and a retry. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  /** Plural or singular noun phrase: "The alerts", "The activity". */
  what: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <Alert variant="danger">
      {what} could not be loaded: {error.message}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
