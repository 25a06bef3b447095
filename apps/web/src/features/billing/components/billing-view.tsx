import { decodeId, formatDay } from '@pinpoint/contracts';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { useBilling } from '../api/get-billing';
import { money } from '../billing-format';
import { PaymentMethodCard, ProductsCard, RecentPaymentsCard } from './billing-cards';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoicesTable } from './invoices-table';
import { PaymentReturnNote } from './payment-return-note';

/** `?paid=` carries the invoice id, plain or encoded. */
function invoiceIdParam(value: string | null): number | null {
  if (!value) return null;
  if (/^\d{1,12}$/.test(value)) return Number(value);
  return decodeId(value);
}

/**
 * The billing page of one company: what is overdue, the invoices (with their detail, PDF and
 * "Pay now"), the method on file, the products' prices and the latest payments.
 */
export function BillingView({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const billing = useBilling(companyId, page);
  const paidInvoiceId = invoiceIdParam(params.get('paid'));
  const cancelled = params.get('checkout') === 'cancelled';
  const dismissNote = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('paid');
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );

  if (billing.isPending) return <Loading what="your billing" />;
  if (billing.error)
    return (
      <LoadError what="Your billing" error={billing.error} onRetry={() => billing.refetch()} />
    );
  const data = billing.data;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const overdue = data.overdue;

  return (
    <>
      {(paidInvoiceId !== null || cancelled) && (
        <PaymentReturnNote
          companyId={companyId}
          paidInvoiceId={paidInvoiceId}
          cancelled={cancelled}
          onDismiss={dismissNote}
        />
      )}
      {overdue.count > 0 && (
        <section
          className="border border-danger-subtle bg-danger-subtle rounded p-3 mb-3"
          aria-labelledby="billing-overdue-title"
          data-testid="billing-overdue"
        >
          <h2 id="billing-overdue-title" className="h6 mb-1">
            {overdue.count === 1 ? '1 invoice is overdue' : `${overdue.count} invoices are overdue`}
          </h2>
          <p className="mb-0">
            {money(overdue.totalCents)} is past due. Use “Pay now” on{' '}
            {overdue.count === 1 ? 'the overdue invoice' : 'each overdue invoice'} below, or contact
            us if something looks wrong.
          </p>
        </section>
      )}
      <section aria-labelledby="billing-invoices-title" className="mb-4">
        <h2 id="billing-invoices-title" className="h5">
          Invoices
        </h2>
        {data.total === 0 ? (
          <p className="text-body-secondary">
            No invoices yet: the first is issued when a product starts.
          </p>
        ) : (
          <>
            <InvoicesTable
              companyId={companyId}
              invoices={data.invoices}
              onOpen={(id) => setOpenId(id)}
            />
            <Pager label="Invoice pages" page={page} pages={pages} onPage={setPage} />
          </>
        )}
        {billing.isPlaceholderData && <Loading what="the invoices" className="mt-2" />}
        <p className="small text-body-secondary mt-3 mb-0">
          Invoices are issued on the 1st for the month ahead and due by the month’s last day. A
          product’s first and last months are charged for the days it ran.
          {data.invoices[0] && ` Latest issued ${formatDay(data.invoices[0].issuedOn)}.`}
        </p>
      </section>
      <Row className="g-3">
        <Col md={6} xl={4}>
          <PaymentMethodCard method={data.paymentMethod} />
        </Col>
        <Col md={6} xl={4}>
          <ProductsCard products={data.products} />
        </Col>
        <Col md={6} xl={4}>
          <RecentPaymentsCard payments={data.payments} />
        </Col>
      </Row>
      {openId !== null && (
        <InvoiceDrawer companyId={companyId} invoiceId={openId} onClose={() => setOpenId(null)} />
      )}
    </>
  );
}
