import { type AdSpec, formatInstantDateTime, formatPhone } from '@pinpoint/contracts';
import { formatArea, formatBudget, formatSchedule } from '../ad-spec-format';

/** The spec as the client reads it (and staff before they edit). */
export function AdSpecView({ spec }: { spec: AdSpec }) {
  return (
    <>
      <dl className="row mb-2" data-testid="ad-spec-view">
        <dt className="col-sm-3">Services advertised</dt>
        <dd className="col-sm-9" data-field="services">
          {spec.services.join(', ')}
        </dd>
        <dt className="col-sm-3">Service area</dt>
        <dd className="col-sm-9" data-field="serviceArea">
          {formatArea(spec.serviceArea)}
        </dd>
        <dt className="col-sm-3">Monthly budget</dt>
        <dd className="col-sm-9" data-field="monthlyBudgetCents">
          {formatBudget(spec.monthlyBudgetCents)}
        </dd>
        <dt className="col-sm-3">Schedule</dt>
        <dd className="col-sm-9" data-field="schedule">
          {formatSchedule(spec.schedule)}
        </dd>
        <dt className="col-sm-3">Landing pages</dt>
        <dd className="col-sm-9" data-field="landingPages">
          {spec.landingPages.length === 0 ? (
            'None'
          ) : (
            <ul className="list-unstyled mb-0">
              {spec.landingPages.map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {url}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="col-sm-3">Call tracking number</dt>
        <dd className="col-sm-9" data-field="callTrackingNumber">
          {spec.callTrackingNumber ? formatPhone(spec.callTrackingNumber) : 'None'}
        </dd>
        <dt className="col-sm-3">Notes</dt>
        <dd className="col-sm-9" data-field="notes" style={{ whiteSpace: 'pre-wrap' }}>
          {spec.notes || 'None'}
        </dd>
      </dl>
      <p className="small text-body-secondary">
        Last changed {formatInstantDateTime(spec.updatedAt)}
        {spec.updatedByName ? ` by ${spec.updatedByName}` : ''}.
      </p>
    </>
  );
}
