import { formatDay, type InvoiceSummary } from '@pinpoint/contracts';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from '../../../components/scrolling-table';
import { invoicePdfUrl } from '../api/get-invoice';
import { formatPeriod, money } from '../billing-format';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PayNowButton } from './pay-now-button';

/**
 * The invoices of one page: number (opens the detail), period, due date, amount, status,
 * the PDF, and "Pay now" for what is still owed.
 */
export function InvoicesTable({
  companyId,
  invoices,
  onOpen,
}: {
  companyId: number;
  invoices: InvoiceSummary[];
  onOpen: (invoiceId: number) => void;
}) {
  return (
    <ScrollingTable label="Invoices">
      <Table hover className="align-middle mb-0" data-testid="invoices-table">
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Period</th>
            <th scope="col" className="d-none d-md-table-cell">
              Due
            </th>
            <th scope="col" className="text-end">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row" data-status={invoice.status}>
              <th scope="row" className="fw-normal">
                <Button
                  variant="link"
                  className="p-0 align-baseline text-nowrap"
                  onClick={() => onOpen(invoice.id)}
                  aria-label={`Invoice ${invoice.number}: show its lines and payments`}
                >
                  {invoice.number}
                </Button>
              </th>
              <td>{formatPeriod(invoice)}</td>
              <td className="text-nowrap d-none d-md-table-cell">{formatDay(invoice.dueOn)}</td>
              <td className="text-end text-nowrap">{money(invoice.totalCents)}</td>
              <td>
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="text-nowrap text-end">
                <a
                  href={invoicePdfUrl(companyId, invoice.id)}
                  download={`${invoice.number}.pdf`}
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={`Download invoice ${invoice.number} as PDF`}
                >
                  PDF
                </a>
                {(invoice.status === 'open' || invoice.status === 'overdue') && (
                  <span className="ms-2">
                    <PayNowButton
                      companyId={companyId}
                      invoiceId={invoice.id}
                      invoiceNumber={invoice.number}
                      amountCents={invoice.balanceCents}
                    />
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
