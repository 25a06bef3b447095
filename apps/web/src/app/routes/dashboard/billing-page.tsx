import { BillingView } from '../../../features/billing/components/billing-view';
import { SelectedCompanyPage } from '../../../features/overview/components/company-gate';

/** /dashboard/billing: the selected client's invoices, payments, method on file and prices. */
function Component() {
  return (
    <SelectedCompanyPage title="Billing">
      {(company) => <BillingView key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
