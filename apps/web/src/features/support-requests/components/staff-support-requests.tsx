import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { type SupportListFilter, useStaffSupportRequests } from '../api/get-staff-support-requests';
import { useSupportRequestEvents } from '../hooks/use-support-request-events';
import { StaffSupportRequestItem } from './staff-support-request-item';

export const STAFF_PAGE_SIZE = 20;

const FILTERS: { value: SupportListFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/**
 * The support requests of the employee's clients (an admin's: every client), filtered by
 * status and paged; the filter and page are the caller's (kept in the address by the page).
 */
export function StaffSupportRequests({
  status,
  page,
  onChange,
}: {
  status: SupportListFilter;
  page: number;
  onChange: (next: { status: SupportListFilter; page: number }) => void;
}) {
  const list = useStaffSupportRequests({
    status,
    limit: STAFF_PAGE_SIZE,
    offset: (page - 1) * STAFF_PAGE_SIZE,
  });
  useSupportRequestEvents();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / STAFF_PAGE_SIZE));

  return (
    <div aria-busy={list.isFetching}>
      <ButtonGroup aria-label="Show requests" className="mb-3">
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            variant={filter.value === status ? 'primary' : 'outline-primary'}
            aria-pressed={filter.value === status}
            onClick={() => onChange({ status: filter.value, page: 1 })}
          >
            {filter.label}
          </Button>
        ))}
      </ButtonGroup>
      {list.isPending && <Loading what="the support requests" />}
      {list.isError && (
        <LoadError
          what="The support requests"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && (
        <p className="small text-body-secondary" role="status">
          {list.data.total === 0
            ? `No ${status === 'all' ? '' : `${status} `}requests from your clients.`
            : `${list.data.total} ${status === 'all' ? '' : `${status} `}request${list.data.total === 1 ? '' : 's'}, newest first. Open one to reply, close or reopen it.`}
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="list-unstyled mb-0" aria-label="Support requests">
          {list.data.items.map((request) => (
            // Keyed by status too: a request that changes state starts with a fresh form.
            <StaffSupportRequestItem key={`${request.id}-${request.status}`} request={request} />
          ))}
        </ul>
      )}
      <Pager
        label="Support request pages"
        page={Math.min(page, pages)}
        pages={pages}
        onPage={(next) => onChange({ status, page: next })}
      />
    </div>
  );
}
