import type { AuthResponse } from '@pinpoint/contracts';
import Button from 'react-bootstrap/Button';
import { useMatches } from 'react-router';
import { InlineSpinner } from '../../../components/load-states';
import { usePayInvoice } from '../api/pay-invoice';

export interface PayNowButtonProps {
  companyId: number;
  invoiceId: number;
  invoiceNumber: string;
  amountCents: number;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Paying is the client's own decision (the route allows members and admins): the agency's
 * employees do not get the button. The dashboard's loader holds the signed-in session; the
 * server checks again whatever this says.
 */
function useMayPay(): boolean {
  const auth = useMatches()
    .map((match) => match.loaderData)
    .find(
      (data): data is AuthResponse =>
        typeof data === 'object' && data !== null && 'session' in data && 'user' in data,
    );
  if (!auth) return false;
  return auth.session.admin || !auth.session.perm;
}

/**
 * "Pay now" for one open or overdue invoice: the card on file is charged at once (demo), or
 * the browser goes to the payments provider's page (Stripe Checkout) and comes back to
 * billing. Its accessible name says which invoice and how much.
 */
export function PayNowButton({
  companyId,
  invoiceId,
  invoiceNumber,
  amountCents,
}: PayNowButtonProps) {
  const mayPay = useMayPay();
  const pay = usePayInvoice(companyId);
  if (!mayPay) return null;
  // While the browser leaves for the payment page the button stays busy.
  const busy = pay.isPending || pay.data?.kind === 'redirect';
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1">
      <Button
        size="sm"
        variant="primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => pay.mutate(invoiceId)}
      >
        {busy && <InlineSpinner className="me-1" />}
        {'Pay now '}
        <span className="visually-hidden">
          {`invoice ${invoiceNumber}, ${usd.format(amountCents / 100)}`}
        </span>
      </Button>
      {pay.isError && (
        <span role="alert" className="small text-danger">
          {pay.error.message}
        </span>
      )}
    </span>
  );
}
