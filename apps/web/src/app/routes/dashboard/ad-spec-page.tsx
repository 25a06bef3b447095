import { SelectedCompanyPage } from '../../../components/company-gate';
import { AdSpecPage } from '../../../features/ad-spec/components/ad-spec-page';
import { FbadsEstimateCard } from '../../../features/facebook-ads/components/fbads-estimate-card';

/** /dashboard/products/ad-spec: the ad spec of the company selected in the top bar. */
function Component() {
  return (
    <SelectedCompanyPage title="Ad spec">
      {(company) => (
        <AdSpecPage
          key={company.id}
          companyId={company.id}
          estimate={(budget) => <FbadsEstimateCard defaultBudgetCents={budget} />}
        />
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
