import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';
import { billingKey } from '../api/get-billing';
import { useInvoice } from '../api/get-invoice';

const POLL_MS = 2_000;
/** After about two minutes of waiting the note says so instead of polling on. */
const MAX_POLLS = 60;

/**
 * Where the payments provider sends the client back (`?paid=<invoiceId>`): "received" only
 * once the invoice really reads paid (the provider's webhook may land after the redirect),
 * otherwise "waiting" while it polls. On confirmation every billing query of the company is
 * refreshed, the top bar's bill alert included.
 */
export function PaymentReturnNote({
  companyId,
  paidInvoiceId,
  cancelled,
  onDismiss,
}: {
  companyId: number;
  paidInvoiceId: number | null;
  cancelled: boolean;
  onDismiss: () => void;
}) {
  const queryClient = useQueryClient();
  const polls = useRef(0);
  const invoice = useInvoice(companyId, paidInvoiceId, {
    poll: (detail) => (detail?.status === 'paid' || polls.current++ >= MAX_POLLS ? false : POLL_MS),
  });
  const paid = invoice.data?.status === 'paid';
  // Read so each answer re-renders, even one equal to the last (the "still waiting" turn).
  void invoice.dataUpdatedAt;
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: billingKey(companyId) });
  }, [paid, companyId, queryClient]);

  const dismiss = (
    <Button variant="link" className="p-0 ms-2 align-baseline" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  if (cancelled)
    return (
      <p className="border rounded p-3 bg-body-tertiary" role="status" data-testid="checkout-note">
        Payment was cancelled; nothing was charged.{dismiss}
      </p>
    );
  if (paidInvoiceId === null || invoice.error) return null;
  return (
    <p
      className={`border rounded p-3 ${paid ? 'border-success-subtle bg-success-subtle' : 'bg-body-tertiary'}`}
      role="status"
      data-testid="payment-note"
    >
      {paid ? (
        <>Payment received for invoice {invoice.data?.number}. Thank you!</>
      ) : polls.current > MAX_POLLS ? (
        <>
          The payment has not been confirmed yet. It can take a few minutes; this page will show it
          once it is.
        </>
      ) : (
        <>
          <InlineSpinner /> Waiting for the payment to be confirmed…
        </>
      )}
      {dismiss}
    </p>
  );
}
