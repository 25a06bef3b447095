import Card from 'react-bootstrap/Card';
import { AGENCY_CONTACT } from '../agency-contact';

/**
 * The invitation to talk to the agency: real mailto and tel links (nothing is recorded on our
 * side, so nothing here claims to be).
 */
export function AgencyInvite({ headline }: { headline: string }) {
  const subject = encodeURIComponent('Local rank grid: I would like to talk');
  return (
    <Card className="mb-3" border="primary">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {headline}
        </Card.Title>
        <Card.Text>
          Talk to {AGENCY_CONTACT.name}: we will go through your grid with you, show where you lose
          the map pack and what would move it, and set up weekly tracking of your keywords.
        </Card.Text>
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-primary" href={`mailto:${AGENCY_CONTACT.email}?subject=${subject}`}>
            E-mail us to book a call
          </a>
          <a
            className="btn btn-outline-primary"
            href={`tel:${AGENCY_CONTACT.phone.replace(/\s/g, '')}`}
          >
            Call {AGENCY_CONTACT.phoneLabel}
          </a>
        </div>
      </Card.Body>
    </Card>
  );
}
