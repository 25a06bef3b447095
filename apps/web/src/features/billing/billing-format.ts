import {
  formatBillingCents,
  formatDay,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  type PaymentMethod,
} from '@pinpoint/contracts';

export const money = formatBillingCents;

export function formatPeriod(invoice: { periodStart: string; periodEnd: string }): string {
  return `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`;
}

/** Badge colours; the label is always written too, so colour is never the only sign. */
export const INVOICE_STATUS_BADGES: Record<InvoiceStatus, { bg: string; text?: 'dark' }> = {
  open: { bg: 'primary' },
  paid: { bg: 'success' },
  overdue: { bg: 'danger' },
  void: { bg: 'secondary' },
};

export const invoiceStatusLabel = (status: InvoiceStatus) => INVOICE_STATUS_LABELS[status];

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242" or "Bank account •••• 6789": never more than the last four. */
export function describeMethod(method: {
  kind: PaymentMethod['kind'];
  brand: string | null;
  last4: string | null;
}): string {
  const last4 = method.last4 ?? '····';
  if (method.kind === 'us_bank_account') return `Bank account •••• ${last4}`;
  const brand = method.brand ? (BRANDS[method.brand] ?? method.brand) : 'Card';
  return `${brand} •••• ${last4}`;
}
