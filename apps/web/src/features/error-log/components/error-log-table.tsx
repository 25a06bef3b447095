import type { ErrorLog } from '@pinpoint/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../components/load-states';
import {
  type ErrorLogFilter,
  PAGE_SIZE,
  useErrorLogs,
  useResolveErrorLog,
} from '../api/error-logs-api';

function Affected({ log }: { log: ErrorLog }) {
  const { clients, emails, productids, browser } = log.affected;
  const parts = [
    clients.length > 0 && `${clients.length} client${clients.length === 1 ? '' : 's'}`,
    emails.length > 0 && emails.join(', '),
    productids.length > 0 && `products ${productids.join(', ')}`,
    browser.length > 0 && `${browser.length} browser${browser.length === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return <span className="small text-body-secondary">{parts.join(' · ') || '—'}</span>;
}

/** The error log for staff: search, filter by resolved, the affected sets, resolve. */
export function ErrorLogTable() {
  const [filter, setFilter] = useState<ErrorLogFilter>({ q: '', resolved: 'false', page: 1 });
  const [search, setSearch] = useState('');
  const logs = useErrorLogs(filter);
  const resolve = useResolveErrorLog();
  const pages = Math.max(1, Math.ceil((logs.data?.total ?? 0) / PAGE_SIZE));
  // Resolving the last errors of the last page leaves fewer pages: go back to the new last one
  // rather than show an empty page without a pager.
  useEffect(() => {
    if (logs.data && filter.page > pages) setFilter((f) => ({ ...f, page: pages }));
  }, [logs.data, filter.page, pages]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter((f) => ({ ...f, q: search.trim(), page: 1 }));
  };

  return (
    <>
      <Form
        onSubmit={submit}
        className="d-flex flex-wrap gap-2 mb-3"
        role="search"
        aria-label="Error logs"
      >
        <Form.Control
          type="search"
          placeholder="Search message or page"
          aria-label="Search message or page"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320 }}
        />
        <Form.Select
          aria-label="Resolved filter"
          value={filter.resolved}
          onChange={(e) =>
            setFilter((f) => ({
              ...f,
              resolved: e.target.value as ErrorLogFilter['resolved'],
              page: 1,
            }))
          }
          style={{ maxWidth: 180 }}
        >
          <option value="false">Unresolved</option>
          <option value="true">Resolved</option>
          <option value="">All</option>
        </Form.Select>
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
      </Form>

      {logs.isError && (
        <Alert variant="danger">The error logs could not be loaded: {logs.error.message}</Alert>
      )}
      {resolve.isError && <Alert variant="danger">{resolve.error.message}</Alert>}
      {logs.isPending && <Loading what="error logs" />}
      {logs.data && logs.data.items.length === 0 && (
        <p className="text-body-secondary">No error logs match these filters.</p>
      )}
      {logs.data && logs.data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Error logs">
          <thead>
            <tr>
              <th scope="col">Error</th>
              <th scope="col">Page</th>
              <th scope="col" className="text-end">
                Count
              </th>
              <th scope="col">Affected</th>
              <th scope="col">Last seen</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {logs.data.items.map((log) => (
              <tr key={log.id}>
                <td className="text-break">{log.message}</td>
                <td className="text-break small">{log.page}</td>
                <td className="text-end">{log.count}</td>
                <td>
                  <Affected log={log} />
                </td>
                <td className="small">{new Date(log.updatedAt).toLocaleString()}</td>
                <td>
                  <Badge bg={log.resolved ? 'success' : 'danger'}>
                    {log.resolved ? 'Resolved' : 'Open'}
                  </Badge>
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={resolve.isPending}
                    onClick={() => resolve.mutate({ id: log.id, resolved: !log.resolved })}
                    aria-label={`${log.resolved ? 'Reopen' : 'Resolve'}: ${log.message}`}
                  >
                    {log.resolved ? 'Reopen' : 'Resolve'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {logs.data && logs.data.total > PAGE_SIZE && (
        <nav aria-label="Pages" className="d-flex align-items-center gap-2">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={filter.page <= 1}
            onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
          >
            Previous
          </Button>
          <span className="small">
            Page {filter.page} of {pages}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={filter.page >= pages}
            onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
          >
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
