import { formatInstantDateTime, type TrialMe } from '@pinpoint/contracts';

const NOT_GIVEN = 'Not given';

/** The lead's own details, as they signed up (read-only: the trial has no profile editor). */
export function TrialProfile({ me }: { me: TrialMe }) {
  const { profile } = me;
  const rows: [string, string][] = [
    ['Name', `${profile.firstName} ${profile.lastName}`.trim() || NOT_GIVEN],
    ['E-mail', profile.email],
    ['Business', profile.company ?? NOT_GIVEN],
    ['Phone', profile.phone ?? NOT_GIVEN],
    ['Website', profile.website ?? NOT_GIVEN],
    ['City', [profile.city, profile.state].filter(Boolean).join(', ') || NOT_GIVEN],
    ['Signed up', formatInstantDateTime(profile.signedUpAt)],
  ];
  return (
    <dl className="row mb-3" style={{ maxWidth: 720 }}>
      {rows.map(([label, value]) => (
        <div key={label} className="col-12 d-sm-flex border-bottom py-2">
          <dt className="col-sm-4 fw-semibold">{label}</dt>
          <dd className="col-sm-8 mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
