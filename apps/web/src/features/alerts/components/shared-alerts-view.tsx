import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSharedAlerts } from '../api/alerts-api';
import { AlertItems, formatDateTime } from './alert-items';

/** Said when the address has no token at all; the server says the same of a broken one. */
const NO_TOKEN_MESSAGE = 'This alerts link is not valid.';

function LinkProblem({ message }: { message: string }) {
  return (
    <Alert variant="warning" data-testid="link-problem">
      <Alert.Heading as="h1" className="h5">
        {message}
      </Alert.Heading>
      <p className="mb-0">
        A shared alerts link works only as a whole and only until it expires. If you have a Pinpoint
        account, you can see your alerts after you{' '}
        <Link to={paths.login.href(paths.dashboard.myAlerts.href())}>log in</Link>.
      </p>
    </Alert>
  );
}

/** What a shared link opens: the company's name and its latest alerts, read-only. */
export function SharedAlertsView({ token }: { token: string | null }) {
  const shared = useSharedAlerts(token);

  if (!token) return <LinkProblem message={NO_TOKEN_MESSAGE} />;
  if (shared.isPending) {
    return <Loading label="Opening the alerts…" />;
  }
  if (shared.isError) {
    const error = shared.error;
    // A refused link (400/410) carries the server's own message; anything else is ours.
    if (error instanceof ApiError && (error.status === 400 || error.status === 410)) {
      return <LinkProblem message={error.message} />;
    }
    return (
      <Alert variant="danger">
        The alerts could not be loaded: {error.message}{' '}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline"
          onClick={() => shared.refetch()}
        >
          Try again
        </button>
      </Alert>
    );
  }

  const { company, alerts, expiresAt } = shared.data;
  return (
    <>
      <h1 className="h3 mb-1 text-break">Alerts for {company.name}</h1>
      <p className="small text-body-secondary">
        A read-only view shared from Pinpoint. This link works until{' '}
        <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>.
      </p>
      {alerts.length === 0 ? (
        <p className="text-body-secondary">There are no alerts yet.</p>
      ) : (
        <AlertItems alerts={alerts} label={`Alerts for ${company.name}`} />
      )}
    </>
  );
}
