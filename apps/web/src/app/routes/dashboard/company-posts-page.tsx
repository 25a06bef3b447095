import { SelectedCompanyPage } from '../../../components/company-gate';
import { PostsDashboard } from '../../../features/posts/components/posts-dashboard';

/** /dashboard/products/posts: every post of the company selected in the top bar. */
function Component() {
  return (
    <SelectedCompanyPage title="Posts">
      {(company) => (
        <PostsDashboard
          key={company.id}
          scope={{ kind: 'company', companyId: company.id }}
          companyId={company.id}
        />
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
