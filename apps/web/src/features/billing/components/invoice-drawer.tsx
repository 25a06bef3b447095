import { formatDay, formatInstantDay } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { Drawer } from '../../../components/drawer';
import { LoadError, Loading } from '../../../components/load-states';
import { invoicePdfUrl, useInvoice } from '../api/get-invoice';
import { describeMethod, formatPeriod, money } from '../billing-format';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PayNowButton } from './pay-now-button';

/** One invoice in a side panel: its dates, a line per product, the totals and its payments. */
export function InvoiceDrawer({
  companyId,
  invoiceId,
  onClose,
}: {
  companyId: number;
  invoiceId: number;
  onClose: () => void;
}) {
  const invoice = useInvoice(companyId, invoiceId);
  const data = invoice.data;
  return (
    <Drawer
      id="invoice-drawer"
      open
      onClose={onClose}
      placement="end"
      labelledBy="invoice-drawer-title"
      closeLabel="Close the invoice"
      style={{ width: 'min(40rem, 100vw)' }}
      header={
        <h2 id="invoice-drawer-title" className="h5 mb-0">
          {data ? `Invoice ${data.number}` : 'Invoice'}
        </h2>
      }
    >
      {invoice.isPending && <Loading what="the invoice" />}
      {invoice.error && (
        <LoadError what="The invoice" error={invoice.error} onRetry={() => invoice.refetch()} />
      )}
      {data && (
        <div data-testid="invoice-detail">
          <dl className="row mb-3">
            <dt className="col-5">Status</dt>
            <dd className="col-7">
              <InvoiceStatusBadge status={data.status} />
            </dd>
            <dt className="col-5">Period</dt>
            <dd className="col-7">{formatPeriod(data)}</dd>
            <dt className="col-5">Issued</dt>
            <dd className="col-7">{formatDay(data.issuedOn)}</dd>
            <dt className="col-5">Due</dt>
            <dd className="col-7">{formatDay(data.dueOn)}</dd>
            {data.voidedAt && (
              <>
                <dt className="col-5">Voided</dt>
                <dd className="col-7">{formatInstantDay(data.voidedAt)}</dd>
              </>
            )}
          </dl>
          <h3 className="h6">Lines</h3>
          <Table size="sm" className="mb-3">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">Days billed</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.id} data-testid="invoice-line">
                  <td>{line.description}</td>
                  <td className="text-nowrap">{formatPeriod(line)}</td>
                  <td className="text-end text-nowrap">{money(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="text-end">
                  Total
                </th>
                <td className="text-end fw-semibold">{money(data.totalCents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="text-end fw-normal">
                  Paid
                </th>
                <td className="text-end">{money(data.amountPaidCents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="text-end">
                  Balance due
                </th>
                <td className="text-end fw-semibold">{money(data.balanceCents)}</td>
              </tr>
            </tfoot>
          </Table>
          <h3 className="h6">Payments</h3>
          {data.payments.length === 0 ? (
            <p className="text-body-secondary">No payment has been received for this invoice.</p>
          ) : (
            <ul className="list-unstyled">
              {data.payments.map((payment) => (
                <li key={payment.id}>
                  {money(payment.amountCents)} on {formatInstantDay(payment.paidAt)} ·{' '}
                  {describeMethod({ ...payment, kind: payment.method })}
                </li>
              ))}
            </ul>
          )}
          <div className="d-flex gap-2 align-items-center">
            <a
              href={invoicePdfUrl(companyId, data.id)}
              download={`${data.number}.pdf`}
              className="btn btn-outline-secondary"
            >
              Download PDF
            </a>
            {(data.status === 'open' || data.status === 'overdue') && (
              <PayNowButton
                companyId={companyId}
                invoiceId={data.id}
                invoiceNumber={data.number}
                amountCents={data.balanceCents}
              />
            )}
          </div>
        </div>
      )}
    </Drawer>
  );
}
