import { encodeId, PRODUCT_STATUS_LABELS } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { paths } from '../../../config/paths';
import { useProductsOnHold } from '../api/on-hold-api';
import { formatMonthly, formatSince } from '../on-hold-format';
import { firstPage, OnHoldSort } from './on-hold-controls';

/** Products on hold or paused (dev hosts, staff): why, since when, what they are worth a month. */
export function ProductsOnHold() {
  const [query, setQuery] = useState(firstPage);
  const held = useProductsOnHold(query);
  const data = held.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / query.pageSize));
  return (
    <section>
      <h1 className="h3 mb-3">Products on hold</h1>
      {data && (
        <p data-testid="on-hold-totals">
          <strong>{data.totals.count}</strong> product{data.totals.count === 1 ? '' : 's'} on hold
          or paused, worth <strong>{formatMonthly(data.totals.monthly_cents)}</strong> in monthly
          revenue paused.{' '}
          <span className="text-body-secondary small">
            The agency's terms keep billing a held product until it is cancelled: this is the
            revenue at stake.
          </span>
        </p>
      )}
      <OnHoldSort query={query} onChange={setQuery} />
      {held.isError && (
        <Alert variant="danger">The list could not be loaded: {held.error.message}</Alert>
      )}
      {held.isPending && <Loading what="the products on hold" />}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">No product of your clients is on hold.</p>
      )}
      {data && data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Products on hold">
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col">Why</th>
              <th scope="col">Since</th>
              <th scope="col" className="text-end">
                Monthly revenue paused
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.product_id} data-testid="held-product">
                <td>{row.company_name}</td>
                <td>
                  <Link
                    to={paths.dashboard.productPage.href(
                      row.product_slug,
                      encodeId(row.product_id),
                    )}
                  >
                    {row.product_name}
                  </Link>
                </td>
                <td>{PRODUCT_STATUS_LABELS[row.status]}</td>
                <td>{row.reason ?? <span className="text-body-secondary">Not recorded</span>}</td>
                <td className="text-nowrap">{formatSince(row.since)}</td>
                <td className="text-end">{formatMonthly(row.monthly_price_cents)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager
        label="Products on hold pages"
        page={query.page}
        pages={pages}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      />
    </section>
  );
}
