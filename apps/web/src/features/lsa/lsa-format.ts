import { LSA_LEAD_TYPE_LABELS, type LsaLeadStatus, type LsaLeadType } from '@pinpoint/contracts';
import { formatMinutesSeconds } from '../../lib/format';

export const leadTypeLabel = (type: LsaLeadType) => LSA_LEAD_TYPE_LABELS[type];

/** Google's status names as words: CONSUMER_DECLINED → "Consumer declined". */
export function leadStatusLabel(status: LsaLeadStatus): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The dispute of a lead as Google's credit state says it. */
export function disputeLabel(creditState: 'PENDING' | 'CREDITED' | null): string {
  if (creditState === 'PENDING') return 'Disputed, in review';
  if (creditState === 'CREDITED') return 'Credited';
  return 'None';
}

/** 95_000 ms → "1:35". */
export function formatDuration(ms: number | null): string {
  return formatMinutesSeconds(ms === null ? null : Math.round(ms / 1000));
}
