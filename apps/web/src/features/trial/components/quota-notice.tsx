import {
  formatInstantDateTime,
  type ScanQuota,
  TRIAL_QUOTA_REACHED_MESSAGE,
} from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import { AgencyInvite } from './agency-invite';

/** Whether a trial quota has no scan left today. */
export function trialQuotaReached(quota: ScanQuota | undefined): boolean {
  return quota?.scans !== null && quota?.scans !== undefined && quota.scans.remaining <= 0;
}

/**
 * Today's free scans: how many are left, or, once they are used, the clear message and the
 * invitation to talk to the agency.
 */
export function TrialQuotaNotice({ quota }: { quota: ScanQuota }) {
  if (!quota.scans) return null;
  if (trialQuotaReached(quota)) {
    return (
      <>
        <Alert variant="warning" role="status" data-testid="trial-quota-reached">
          <strong>{TRIAL_QUOTA_REACHED_MESSAGE}</strong> (next at{' '}
          {formatInstantDateTime(quota.resetsAt)} your time)
        </Alert>
        <AgencyInvite headline="Want more than three scans a day?" />
      </>
    );
  }
  const { remaining, limit } = quota.scans;
  return (
    <p className="text-body-secondary" data-testid="trial-quota-left">
      {remaining} of {limit} free scans left today (grids up to {quota.maxGridSize}×
      {quota.maxGridSize}).
    </p>
  );
}
