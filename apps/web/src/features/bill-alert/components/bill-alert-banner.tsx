import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useBillAlert } from '../api/get-bill-alert';
import { overdueSentence } from '../bill-alert-text';

/**
 * SPEC §3 bill alert, above every dashboard page of the selected company while an invoice
 * is overdue: how many, how much, since when, and where to pay. On the billing page it
 * only states the sum, as the way to pay is on the page itself. Gone once they are paid.
 */
export function BillAlertBanner({ companyId }: { companyId: number }) {
  const alert = useBillAlert(companyId);
  const onBilling = useLocation().pathname === paths.dashboard.billing.href();
  if (!alert.data || alert.data.count === 0) return null;
  return (
    <div role="alert" className="alert alert-danger py-2 mb-3" data-testid="bill-alert-banner">
      {overdueSentence(alert.data)}
      {!onBilling && (
        <>
          {' '}
          Pay {alert.data.count === 1 ? 'it' : 'them'} on the{' '}
          <Link to={paths.dashboard.billing.href()} className="alert-link">
            Billing page
          </Link>
          .
        </>
      )}
    </div>
  );
}
