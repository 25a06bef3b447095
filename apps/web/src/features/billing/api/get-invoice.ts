import { type InvoiceDetail, invoiceDetailSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingKey } from './get-billing';

/** `GET /api/uni/client/billing/{id}/invoices/{invoiceId}`: one invoice, lines and payments. */
export function useInvoice(
  companyId: number,
  invoiceId: number | null,
  /** How long until the next fetch after each answer (false: no more), for polling. */
  options: { poll?: (detail: InvoiceDetail | undefined) => number | false } = {},
) {
  return useQuery({
    queryKey: [...billingKey(companyId), 'invoice', invoiceId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/client/billing/${companyId}/invoices/${invoiceId}`,
        invoiceDetailSchema,
      ),
    enabled: invoiceId !== null,
    refetchInterval: options.poll ? (query) => options.poll?.(query.state.data) ?? false : false,
  });
}

/** The PDF's address: bytes, fetched by the browser directly (not through the JSON gateway). */
export function invoicePdfUrl(companyId: number, invoiceId: number): string {
  return `/api/uni/client/billing/${companyId}/invoices/${invoiceId}/pdf`;
}
