import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useLoaderData } from 'react-router';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { RecentActivity } from '../../../features/activity/components/recent-activity';
import { OpenAlerts } from '../../../features/alerts/components/open-alerts';
import { CompanyOverview } from '../../../features/overview/components/company-overview';
import { useClient } from '../../../lib/api/get-client';
import { useSelectedClient } from '../../../lib/selected-client';

/** One company's overview, with the activity and alerts areas' panels. */
function Overview({ companyId }: { companyId: number }) {
  return (
    <CompanyOverview
      key={companyId}
      companyId={companyId}
      activity={<RecentActivity companyId={companyId} />}
      alerts={<OpenAlerts companyId={companyId} />}
    />
  );
}

/**
 * /dashboard/overview/{company_id}: that company (its id decoded by the route's loader).
 * Opening it selects the company in the top bar when the user may pick it, so the links
 * onwards (activity, alerts, products) show the same company.
 */
function CompanyFromAddress({ companyId }: { companyId: number }) {
  const { clients, selected, select } = useSelectedClient();
  const client = useClient(companyId);
  const pickable = clients.some((c) => c.id === companyId);
  useEffect(() => {
    if (pickable && selected?.id !== companyId) select(companyId);
  }, [pickable, selected?.id, companyId, select]);

  return (
    <section>
      <h1 className="h3 mb-1">Overview</h1>
      {client.data && (
        <p className="text-body-secondary mb-3" data-testid="page-company">
          {client.data.name}
        </p>
      )}
      {client.isError ? (
        <Alert variant="danger">This company could not be opened: {client.error.message}</Alert>
      ) : (
        <Overview companyId={companyId} />
      )}
    </section>
  );
}

/** /dashboard/overview: the selected client's overview; /overview/{company_id}: that company's. */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const fromAddress = ids.company_id;
  if (fromAddress !== undefined) return <CompanyFromAddress companyId={fromAddress} />;
  return (
    <SelectedCompanyPage title="Overview">
      {(company) => <Overview companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
