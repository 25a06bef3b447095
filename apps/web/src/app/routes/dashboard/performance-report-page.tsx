import { SelectedCompanyPage } from '../../../components/company-gate';
import { PerformanceReport } from '../../../features/performance-report/components/performance-report';

/** /dashboard/performance-report: the selected client's performance report (SPEC §3). */
function Component() {
  return (
    <SelectedCompanyPage title="Performance report">
      {(company) => <PerformanceReport key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
