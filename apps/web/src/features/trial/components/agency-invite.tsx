import Card from 'react-bootstrap/Card';
import { useAgencyContact } from '../api/get-agency-contact';

/** `+1 512 555 0100` → `tel:+15125550100`. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The invitation to talk to the agency: real mailto and tel links to the configured contact
 * (PINPOINT_AGENCY_*). Nothing is recorded on our side, so nothing here claims to be.
 */
export function AgencyInvite({ headline }: { headline: string }) {
  const contact = useAgencyContact().data;
  const subject = encodeURIComponent('Local rank grid: I would like to talk');
  return (
    <Card className="mb-3" border="primary">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {headline}
        </Card.Title>
        <Card.Text>
          Talk to {contact?.name ?? 'your agency'}: we will go through your grid with you, show
          where you lose the map pack and what would move it, and set up weekly tracking of your
          keywords.
        </Card.Text>
        <div className="d-flex flex-wrap gap-2">
          {contact?.email && (
            <a className="btn btn-primary" href={`mailto:${contact.email}?subject=${subject}`}>
              E-mail us to book a call
            </a>
          )}
          {contact?.phone && (
            <a className="btn btn-outline-primary" href={telHref(contact.phone)}>
              Call {contact.phone}
            </a>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
