import { type EmployeeRankSummary, encodeId, formatInstantDay } from '@pinpoint/contracts';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Pager } from '../../../components/pager';
import { describeSettings, formatRank, formatSolv } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { paths } from '../../../config/paths';
import { filterClients } from '../client-filter';

export const CLIENTS_PAGE_SIZE = 25;

/** The employee's clients with each keyword's latest ATRP and SoLV, searchable and paged. */
export function ClientRankTable({ summary }: { summary: EmployeeRankSummary }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const matching = useMemo(() => filterClients(summary.clients, text), [summary, text]);
  // One encoding per client, so the links stay the same across renders.
  const encoded = useMemo(
    () => new Map(summary.clients.map((c) => [c.companyId, encodeId(c.companyId)])),
    [summary],
  );
  const pages = Math.max(1, Math.ceil(matching.length / CLIENTS_PAGE_SIZE));
  const shown = matching.slice((page - 1) * CLIENTS_PAGE_SIZE, page * CLIENTS_PAGE_SIZE);

  return (
    <section aria-labelledby="clients-title" className="mb-4">
      <h2 id="clients-title" className="h5">
        Your clients{' '}
        <span className="text-body-secondary fw-normal">({summary.clients.length})</span>
      </h2>
      <Form
        role="search"
        className="d-flex flex-wrap align-items-end gap-2 mb-2"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Group controlId="client-quick-search" style={{ flex: '1 1 14rem', maxWidth: 360 }}>
          <Form.Label className="small mb-1">Find a client or keyword</Form.Label>
          <Form.Control
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
          />
        </Form.Group>
        <Link className="mb-2" to={paths.dashboard.timelineSearch.href(text.trim() || undefined)}>
          Search timelines{text.trim() ? ` for “${text.trim()}”` : ''}
        </Link>
      </Form>
      <p className="small text-body-secondary mb-2" role="status">
        {text.trim()
          ? `${matching.length} of ${summary.clients.length} clients match.`
          : 'Newest finished scan of each keyword; lower ATRP is better.'}
      </p>
      {matching.length > 0 && (
        <ScrollingTable label="Your clients">
          <Table size="sm" className="align-middle" aria-labelledby="clients-title">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Keyword and settings</th>
                <th scope="col" className="text-end">
                  ATRP
                </th>
                <th scope="col" className="text-end">
                  SoLV
                </th>
                <th scope="col">Scanned</th>
              </tr>
            </thead>
            <tbody>
              {shown.flatMap((client) => {
                const span = Math.max(1, client.keywords.length);
                const place = [client.city, client.state].filter(Boolean).join(', ');
                const head = (
                  <th scope="row" rowSpan={span} className="fw-normal">
                    <Link
                      to={paths.dashboard.localRankHistory.href(encoded.get(client.companyId))}
                      data-testid="employee-client"
                    >
                      {client.companyName}
                    </Link>
                    {place && <div className="small text-body-secondary">{place}</div>}
                  </th>
                );
                if (client.keywords.length === 0) {
                  return [
                    <tr key={client.companyId}>
                      {head}
                      <td colSpan={4} className="text-body-secondary">
                        No finished scans yet
                      </td>
                    </tr>,
                  ];
                }
                return client.keywords.map((scan, i) => (
                  <tr key={`${client.companyId}-${scan.id}`}>
                    {i === 0 && head}
                    <td>{describeSettings(scan)}</td>
                    <td className="text-end">{formatRank(scan.atrp)}</td>
                    <td className="text-end">{formatSolv(scan.solv)}</td>
                    <td className="text-nowrap">{formatInstantDay(scan.createdAt)}</td>
                  </tr>
                ));
              })}
            </tbody>
          </Table>
        </ScrollingTable>
      )}
      <Pager label="Client pages" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

/** The newest grid alerts across the employee's clients. */
export function RecentGridAlerts({ summary }: { summary: EmployeeRankSummary }) {
  return (
    <section aria-labelledby="recent-alerts-title" className="mb-4">
      <h2 id="recent-alerts-title" className="h5">
        Recent grid alerts
      </h2>
      {summary.recentAlerts.length === 0 ? (
        <p className="text-body-secondary">No grid alerts for your clients.</p>
      ) : (
        <ul className="list-unstyled mb-2" aria-labelledby="recent-alerts-title">
          {summary.recentAlerts.map((alert) => (
            <li key={alert.id} className="py-1 border-bottom">
              <span className="fw-semibold">{alert.companyName}</span>: {alert.title}{' '}
              <span className="small text-body-secondary">
                {formatInstantDay(alert.createdAt)}
                {alert.read ? '' : ' · unread'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.dashboard.myAlerts.href()}>Open My alerts</Link>
    </section>
  );
}
