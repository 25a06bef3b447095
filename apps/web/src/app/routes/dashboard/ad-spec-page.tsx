import { AdSpecPage } from '../../../features/ad-spec/components/ad-spec-page';
import { SelectedCompanyPage } from '../../../features/overview/components/company-gate';

/** /dashboard/products/ad-spec: the ad spec of the company selected in the top bar. */
function Component() {
  return (
    <SelectedCompanyPage title="Ad spec">
      {(company) => <AdSpecPage key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
