import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useLoaderData } from 'react-router';
import { Loading } from '../../../components/load-states';
import { InviteUserCard } from '../../../features/account-emails/components/invite-user-card';
import { ApprovalSetting } from '../../../features/client-settings/components/approval-setting';
import { ProfileDetails } from '../../../features/profile/components/profile-details';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { ConnectionsCard } from '../../../features/vendor-connections/components/connections-card';
import { useClient } from '../../../lib/api/get-client';
import { ApiError } from '../../../lib/api-client';
import { useSelectedClient } from '../../../lib/selected-client';

/**
 * /dashboard/profile/{company_id}: the company's details and the form for its contact
 * fields and location. The id was decoded by the route's loader (malformed → not found).
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const companyId = ids.company_id as number;
  const client = useClient(companyId);
  const { clients, selected, select, staff } = useSelectedClient();
  // Opening a company's profile selects it in the top bar when the user may pick it.
  const pickable = clients.some((c) => c.id === companyId);
  useEffect(() => {
    if (pickable && selected?.id !== companyId) select(companyId);
  }, [pickable, selected?.id, companyId, select]);

  const refused = client.error instanceof ApiError && [403, 404].includes(client.error.status);
  return (
    <section style={{ maxWidth: 960 }}>
      <h1 className="h3 mb-1">Company profile</h1>
      {client.data && (
        <p className="text-body-secondary mb-3" data-testid="page-company">
          {client.data.name}
        </p>
      )}
      {client.isPending && <Loading what="the profile" />}
      {client.isError && (
        <Alert variant="danger">
          {refused
            ? 'This company’s profile is not available to you.'
            : `The profile could not be loaded: ${client.error.message}`}{' '}
          {!refused && (
            <Button variant="link" className="p-0 align-baseline" onClick={() => client.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {client.data && (
        <>
          <ProfileDetails record={client.data} />
          {/* Keyed by company: switching companies starts from that company's values. */}
          <ProfileForm key={client.data.id} record={client.data} />
          <ApprovalSetting companyId={client.data.id} />
          <ConnectionsCard companyId={client.data.id} staff={staff} />
          {/* Staff give the company's people their sign-in (issue 20: by activation email). */}
          {staff && <InviteUserCard companyId={client.data.id} />}
        </>
      )}
    </section>
  );
}

export { Component };
