import { LoadError, Loading } from '../../../components/load-states';
import { useAppConfig } from '../../../lib/use-app-config';

/** `+1 512 555 0100` → `tel:+15125550100`. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Who at the agency looks after the product: real mailto and tel links (PINPOINT_AGENCY_*). */
export function AgencyContact() {
  const agency = useAppConfig((config) => config.agency);
  return (
    <section aria-labelledby="agency-title" className="mb-4" data-testid="agency-contact">
      <h2 id="agency-title" className="h5">
        Your agency
      </h2>
      {agency.isPending && <Loading what="the agency's contact" />}
      {agency.isError && (
        <LoadError
          what="The agency's contact"
          error={agency.error}
          onRetry={() => void agency.refetch()}
        />
      )}
      {agency.data && (
        <ul className="list-unstyled mb-0">
          <li className="fw-semibold">{agency.data.name}</li>
          {agency.data.email && (
            <li>
              <a href={`mailto:${agency.data.email}`}>{agency.data.email}</a>
            </li>
          )}
          {agency.data.phone && (
            <li>
              <a href={telHref(agency.data.phone)}>{agency.data.phone}</a>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
