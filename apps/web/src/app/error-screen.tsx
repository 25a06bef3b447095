import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundContent } from '../components/not-found-content';
import { paths } from '../config/paths';
import { tryAgainPath } from '../config/try-again';
import { logout } from '../features/auth/api/auth-api';
import { reportError } from '../features/error-log/api/report-error';
import { sessionStore } from '../lib/session-store';

function describe(error: unknown): { message: string; stack: string | null } {
  if (isRouteErrorResponse(error))
    return { message: `${error.status} ${error.statusText}`, stack: null };
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? null };
  return { message: String(error), stack: null };
}

/**
 * The fallback screen of SPEC §2 for an error no page handled: the reason and the stack,
 * "Try again" (to the user's area) and "Log out" (clears all storage, then /).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  // A page that refused its params (bad id, unknown product, wrong host) is simply not found.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container as="main">
        <NotFoundContent />
      </Container>
    );
  }
  const { message, stack } = describe(error);
  return <ErrorDetails message={message} stack={stack} />;
}

function ErrorDetails({ message, stack }: { message: string; stack: string | null }) {
  const [notified, setNotified] = useState(false);
  useEffect(() => {
    reportError({ message, stack })
      .then(setNotified)
      .catch(() => {});
  }, [message, stack]);
  return (
    <Container as="main" className="py-5" role="alert">
      <h1 className="h3">Something went wrong</h1>
      <p className="fw-semibold">Error Reason: {message}</p>
      {notified && <p className="text-success">Error, Dev team notified.</p>}
      {stack && <pre className="small bg-body-tertiary p-3 rounded overflow-auto">{stack}</pre>}
      <div className="d-flex gap-2">
        <Button
          onClick={async () => {
            const auth = await sessionStore.read().catch(() => null);
            window.location.assign(tryAgainPath(auth));
          }}
        >
          Try again
        </Button>
        <Button
          variant="outline-secondary"
          onClick={async () => {
            await logout().catch(() => {});
            window.sessionStorage.clear();
            window.location.assign(paths.home.href());
          }}
        >
          Log out
        </Button>
      </div>
    </Container>
  );
}
