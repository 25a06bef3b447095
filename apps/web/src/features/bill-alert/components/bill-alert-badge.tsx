import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useBillAlert, useBillAlertFreshness } from '../api/get-bill-alert';
import { overdueInvoices } from '../bill-alert-text';

/**
 * SPEC §3 bill alert, in the top bar: the selected company's overdue invoice count as a
 * link to Billing. Nothing while there is none (or while it loads, or if it fails: the
 * alert is a reminder, and the billing page says what is due either way).
 */
export function BillAlertBadge({ companyId }: { companyId: number }) {
  const alert = useBillAlert(companyId);
  useBillAlertFreshness(companyId);
  const count = alert.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Link
      to={paths.dashboard.billing.href()}
      className="btn btn-sm btn-outline-danger d-flex align-items-center gap-1"
      aria-label={`Billing: ${overdueInvoices(count)}`}
      data-testid="bill-alert-badge"
    >
      <span aria-hidden="true">$</span>
      <span className="badge text-bg-danger rounded-pill" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
