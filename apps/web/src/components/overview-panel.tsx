import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Loading } from './load-states';

/** How many rows a panel of the overview lists (recent activity, open alerts). */
export const OVERVIEW_LIST_SIZE = 5;

/** A titled card on the overview, with its loading and error states in one place. */
export function OverviewPanel({
  id,
  title,
  action,
  loading,
  error,
  onRetry,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="h-100">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2 bg-body">
        <h2 id={id} className="h6 mb-0">
          {title}
        </h2>
        {action && <span className="ms-auto small">{action}</span>}
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Loading className="mb-0" />
        ) : error ? (
          <Alert variant="danger" className="mb-0">
            This could not be loaded: {error.message}{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : (
          children
        )}
      </Card.Body>
    </Card>
  );
}
