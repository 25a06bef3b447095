import { SelectedCompanyPage } from '../../../components/company-gate';
import { BillingView } from '../../../features/billing/components/billing-view';

/** /dashboard/billing: the selected client's invoices, payments, method on file and prices. */
function Component() {
  return (
    <SelectedCompanyPage title="Billing">
      {(company) => <BillingView key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
