import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../components/load-states';
import { useLiveSignIns } from '../api/sign-ins-api';
import { ConnectionBadge } from './connection-badge';

const OUTCOME_STYLE: Record<string, { bg: string; label: string }> = {
  success: { bg: 'success', label: 'Signed in' },
  bad_credentials: { bg: 'danger', label: 'Wrong password' },
  throttled: { bg: 'warning', label: 'Throttled' },
  disabled: { bg: 'secondary', label: 'Disabled account' },
  needs_activation: { bg: 'secondary', label: 'Not activated yet' },
  reset_requested: { bg: 'secondary', label: 'Password reset asked' },
};

function Outcome({ outcome }: { outcome: string }) {
  const style = OUTCOME_STYLE[outcome] ?? { bg: 'secondary', label: outcome };
  return (
    <Badge bg={style.bg} text={style.bg === 'warning' ? 'dark' : undefined}>
      {style.label}
    </Badge>
  );
}

/** Sign-in attempts as they happen, newest first (staff only). */
export function LiveLoginReports() {
  const signIns = useLiveSignIns();
  const items = signIns.data?.items ?? [];
  return (
    <section>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Live login reports</h1>
        <ConnectionBadge />
      </div>
      {signIns.isPending && <Loading what="sign-ins" />}
      {signIns.isError && <Alert variant="danger">{signIns.error.message}</Alert>}
      {signIns.isSuccess && items.length === 0 && (
        <p className="text-body-secondary">No sign-ins yet. New ones appear here as they happen.</p>
      )}
      {items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Sign-in attempts">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Email</th>
              <th scope="col">Method</th>
              <th scope="col">Outcome</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td className="text-nowrap">{new Date(item.at).toLocaleString()}</td>
                <td>{item.email}</td>
                <td>{item.method}</td>
                <td>
                  <Outcome outcome={item.outcome} />
                </td>
                <td className="text-nowrap">{item.ip}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
