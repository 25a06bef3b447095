import { ActivityFeed } from '../../../features/activity/components/activity-feed';
import { SelectedCompanyPage } from '../../../features/overview/components/company-gate';

/** /dashboard/activity: what the agency did for the selected client, by type, in pages of 20. */
function Component() {
  return (
    <SelectedCompanyPage title="Activity">
      {(company) => <ActivityFeed key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
