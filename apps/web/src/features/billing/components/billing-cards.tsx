import {
  type BillingOverview,
  formatDay,
  formatInstantDay,
  PRODUCT_STATUS_LABELS,
  type ProductStatus,
} from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import { describeMethod, money } from '../billing-format';

/** "Payment method on file": kind, brand, last four and expiry, never more. */
export function PaymentMethodCard({ method }: { method: BillingOverview['paymentMethod'] }) {
  return (
    <Card className="h-100" as="section" aria-labelledby="billing-method-title">
      <Card.Body>
        <h2 id="billing-method-title" className="h6">
          Payment method on file
        </h2>
        {method ? (
          <div data-testid="payment-method">
            <p className="mb-1 fw-semibold">{describeMethod(method)}</p>
            {method.kind === 'card' && method.expMonth && method.expYear && (
              <p className="mb-0 small text-body-secondary">
                Expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
              </p>
            )}
            {method.kind === 'us_bank_account' && method.brand && (
              <p className="mb-0 small text-body-secondary">{method.brand}</p>
            )}
          </div>
        ) : (
          <p className="mb-0 text-body-secondary">No card or bank account is on file.</p>
        )}
      </Card.Body>
    </Card>
  );
}

/** The company's products and what each costs a month. */
export function ProductsCard({ products }: { products: BillingOverview['products'] }) {
  return (
    <Card className="h-100" as="section" aria-labelledby="billing-products-title">
      <Card.Body>
        <h2 id="billing-products-title" className="h6">
          Your products
        </h2>
        {products.length === 0 ? (
          <p className="mb-0 text-body-secondary">No products yet.</p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="billing-products">
            {products.map((p) => (
              <li key={p.instanceId} className="d-flex justify-content-between gap-2 py-1">
                <span>
                  {p.name}
                  <span className="d-block small text-body-secondary">
                    {PRODUCT_STATUS_LABELS[p.status as ProductStatus] ?? p.status} · since{' '}
                    {formatDay(p.startDate)}
                  </span>
                </span>
                <span className="text-nowrap">{money(p.monthlyPriceCents)}/mo</span>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}

/** The latest payments received. */
export function RecentPaymentsCard({ payments }: { payments: BillingOverview['payments'] }) {
  return (
    <Card className="h-100" as="section" aria-labelledby="billing-payments-title">
      <Card.Body>
        <h2 id="billing-payments-title" className="h6">
          Recent payments
        </h2>
        {payments.length === 0 ? (
          <p className="mb-0 text-body-secondary">No payments yet.</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {payments.map((p) => (
              <li key={p.id} className="py-1">
                <span className="d-flex justify-content-between gap-2">
                  <span>{formatInstantDay(p.paidAt)}</span>
                  <span className="text-nowrap">{money(p.amountCents)}</span>
                </span>
                <span className="d-block small text-body-secondary">
                  {p.invoiceNumber} · {describeMethod({ ...p, kind: p.method })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
