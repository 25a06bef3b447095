import { useSearchParams } from 'react-router';
import type { SupportListFilter } from '../../../features/support-requests/api/get-staff-support-requests';
import { StaffSupportRequests } from '../../../features/support-requests/components/staff-support-requests';

const FILTERS: SupportListFilter[] = ['open', 'closed', 'all'];

/**
 * /dashboard/employee/support-requests: the requests of the employee's clients. The filter
 * and page live in the address, so a reload or a shared link shows the same list.
 */
function Component() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') as SupportListFilter | null;
  const status = asked && FILTERS.includes(asked) ? asked : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <section>
      <h1 className="h3 mb-3">Support requests</h1>
      <StaffSupportRequests
        status={status}
        page={page}
        onChange={(next) => {
          const query = new URLSearchParams();
          if (next.status !== 'open') query.set('status', next.status);
          if (next.page > 1) query.set('page', String(next.page));
          setParams(query);
        }}
      />
    </section>
  );
}

export { Component };
