import { SelectedCompanyPage } from '../../../components/company-gate';
import { ReviewsDashboard } from '../../../features/reviews/components/reviews-dashboard';

/**
 * /dashboard/products/reviews: every review of the company selected in the top bar, across
 * its products, with the same filters and figures as a product's reviews page.
 */
function Component() {
  return (
    <SelectedCompanyPage title="Reviews">
      {(company) => (
        <ReviewsDashboard key={company.id} scope={{ kind: 'company', companyId: company.id }} />
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
