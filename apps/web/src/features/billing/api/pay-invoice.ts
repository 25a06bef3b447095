import { type PayInvoiceResponse, payInvoiceResponseSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/uni/client/billing/{id}/invoices/{invoiceId}/pay`: "Pay now". With Stripe the
 * answer is the Checkout page the browser goes to next (the invoice turns paid when Stripe's
 * webhook arrives, and the billing page's return note waits for it); with the demo provider
 * the invoice is paid at once, and every billing query of the company (`['billing', id]`:
 * the page, the invoice, the top bar's alert) is refetched.
 */
export function usePayInvoice(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: number): Promise<PayInvoiceResponse> =>
      apiRequest(
        'POST',
        `/api/uni/client/billing/${companyId}/invoices/${invoiceId}/pay`,
        payInvoiceResponseSchema,
      ),
    onSuccess: (result) => {
      if (result.kind === 'redirect') window.location.assign(result.url);
    },
    // After a payment, and after a refusal alike (a 409 means the list is out of date).
    onSettled: (result) => {
      if (result?.kind === 'redirect') return;
      void queryClient.invalidateQueries({ queryKey: ['billing', companyId] });
    },
  });
}
