import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { useStaffSupportRequests } from '../api/get-staff-support-requests';
import { useSupportRequestEvents } from '../hooks/use-support-request-events';
import { requestAge } from '../request-age';

const SHOWN = 5;

/** The employee home's card: the newest open requests of their clients, live. */
export function OpenSupportRequestsCard() {
  const open = useStaffSupportRequests({ status: 'open', limit: SHOWN, offset: 0 });
  useSupportRequestEvents();
  return (
    <Card as="section" aria-labelledby="support-card-title" className="mb-4">
      <Card.Body>
        <h2 id="support-card-title" className="h5">
          Support requests{' '}
          {open.data && (
            <span className="text-body-secondary fw-normal">({open.data.total} open)</span>
          )}
        </h2>
        {open.isPending && <Loading what="the support requests" />}
        {open.isError && (
          <LoadError
            what="The support requests"
            error={open.error}
            onRetry={() => void open.refetch()}
          />
        )}
        {open.data?.items.length === 0 && (
          <p className="text-body-secondary">No open requests from your clients.</p>
        )}
        {open.data && open.data.items.length > 0 && (
          <ul className="list-unstyled mb-2" aria-labelledby="support-card-title">
            {open.data.items.map((request) => (
              <li
                key={request.id}
                className="py-1 border-bottom"
                data-testid="open-support-request"
              >
                <span className="fw-semibold">{request.companyName}</span> · {request.productName}:{' '}
                {request.subject}{' '}
                <span className="small text-body-secondary">{requestAge(request.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to={paths.dashboard.supportRequests.href()}>All support requests</Link>
      </Card.Body>
    </Card>
  );
}
