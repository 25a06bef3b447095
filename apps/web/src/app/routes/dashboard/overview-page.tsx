import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useLoaderData } from 'react-router';
import { useClient } from '../../../features/clients/api/get-client';
import { useSelectedClient } from '../../../features/clients/selected-client';
import { SelectedCompanyPage } from '../../../features/overview/components/company-gate';
import { CompanyOverview } from '../../../features/overview/components/company-overview';

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
        <CompanyOverview key={companyId} companyId={companyId} />
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
      {(company) => <CompanyOverview key={company.id} companyId={company.id} />}
    </SelectedCompanyPage>
  );
}

export { Component };
