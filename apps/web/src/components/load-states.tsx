import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** The one loading line of lists and panels, announced to screen readers. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="text-body-secondary" role="status">
      <Spinner size="sm" /> Loading {what}…
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
