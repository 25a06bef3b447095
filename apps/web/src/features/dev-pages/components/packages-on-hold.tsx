import { PRODUCT_STATUS_LABELS } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { usePackagesOnHold } from '../api/on-hold-api';
import { formatMonthly, formatSince } from '../on-hold-format';
import { firstPage, OnHoldSort } from './on-hold-controls';

/**
 * Packages on hold (dev hosts, staff). A package is a client's products bought together —
 * its trade's bundle — so a package is on hold wholly or in part.
 */
export function PackagesOnHold() {
  const [query, setQuery] = useState(firstPage);
  const held = usePackagesOnHold(query);
  const data = held.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / query.pageSize));
  return (
    <section>
      <h1 className="h3 mb-3">Packages on hold</h1>
      {data && (
        <p data-testid="on-hold-totals">
          <strong>{data.totals.count}</strong> client package{data.totals.count === 1 ? '' : 's'}{' '}
          with products on hold, worth <strong>{formatMonthly(data.totals.monthly_cents)}</strong>{' '}
          in monthly revenue paused.
        </p>
      )}
      <OnHoldSort query={query} onChange={setQuery} />
      {held.isError && (
        <Alert variant="danger">The list could not be loaded: {held.error.message}</Alert>
      )}
      {held.isPending && <Loading what="the packages on hold" />}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">No package of your clients is on hold.</p>
      )}
      {data && data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Packages on hold">
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Package</th>
              <th scope="col">Held products</th>
              <th scope="col">Why</th>
              <th scope="col">Since</th>
              <th scope="col" className="text-end">
                Monthly revenue paused
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.company_id} data-testid="held-package">
                <td>{row.company_name}</td>
                <td>
                  {row.vertical ?? 'Bundle'}{' '}
                  <Badge
                    bg={row.whole ? 'danger' : 'warning'}
                    text={row.whole ? undefined : 'dark'}
                  >
                    {row.whole ? 'Whole package' : `${row.held.length} of ${row.product_count}`}
                  </Badge>
                </td>
                <td>
                  <ul className="list-unstyled mb-0 small">
                    {row.held.map((p) => (
                      <li key={p.product_id}>
                        {p.product_name} ({PRODUCT_STATUS_LABELS[p.status].toLowerCase()})
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="small">{row.reasons.join('; ') || 'Not recorded'}</td>
                <td className="text-nowrap">{formatSince(row.since)}</td>
                <td className="text-end">
                  {formatMonthly(row.monthly_paused_cents)}
                  <div className="small text-body-secondary">
                    of {formatMonthly(row.package_monthly_cents)}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager
        label="Packages on hold pages"
        page={query.page}
        pages={pages}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      />
    </section>
  );
}
