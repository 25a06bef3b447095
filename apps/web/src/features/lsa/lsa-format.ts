import { LSA_LEAD_TYPE_LABELS, type LsaLeadStatus, type LsaLeadType } from '@pinpoint/contracts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const numbers = new Intl.NumberFormat('en-US');

/** Integer cents as dollars: 12345 → "$123.45"; null → "—" (nothing to divide by). */
export const formatCents = (cents: number | null) =>
  cents === null ? '—' : money.format(cents / 100);
export const formatNumber = (value: number) => numbers.format(value);

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
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
