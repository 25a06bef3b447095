import { SelectedCompanyPage } from '../../../components/company-gate';
import { ActivityFeed } from '../../../features/activity/components/activity-feed';

/** /dashboard/activity: what the agency did for the selected client, by type, in pages of 20. */
function Component() {
  return (
    <SelectedCompanyPage title="Activity">
      {(company) => <ActivityFeed key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
