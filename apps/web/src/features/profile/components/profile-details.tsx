import { type ClientRecord, formatPhone } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';

const STATUS_LABELS: Record<ClientRecord['status'], string> = {
  active: 'Active',
  onboarding: 'Onboarding',
  paused: 'Paused',
  cancelled: 'Cancelled',
  prospect: 'Prospect',
};

const orDash = (value: string | null | undefined) => value || '—';

/** What the agency keeps about the company and the client does not edit here. */
export function ProfileDetails({ record }: { record: ClientRecord }) {
  const address = [
    record.addressLine1,
    record.addressLine2,
    [record.city, [record.state, record.postalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
  ].filter(Boolean);
  const rows: [string, string][] = [
    ['Business name', record.name],
    ['Short name', record.label],
    ['Primary category', orDash(record.primaryCategory)],
    ['Industry', orDash(record.vertical?.name)],
    ['Status', STATUS_LABELS[record.status]],
    ['Time zone', record.timeZone],
    ['Phone', orDash(formatPhone(record.phone))],
    ['Email', orDash(record.email)],
    ['Website', orDash(record.website)],
    ['Address', address.length > 0 ? address.join('\n') : '—'],
    ['County', orDash(record.county)],
    ['Country', record.country],
  ];
  return (
    <Card className="mb-4" as="section" aria-labelledby="profile-details-heading">
      <Card.Body>
        <h2 id="profile-details-heading" className="h5">
          Company details
        </h2>
        <dl className="row mb-0" data-testid="profile-details">
          {rows.map(([term, value]) => (
            <div className="col-12 col-sm-6 mb-2" key={term}>
              <dt className="small text-body-secondary fw-normal">{term}</dt>
              <dd className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="small text-body-secondary mt-3 mb-0">
          To change the name, category, industry or status, contact your agency.
        </p>
      </Card.Body>
    </Card>
  );
}
