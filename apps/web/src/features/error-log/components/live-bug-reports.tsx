import type { ErrorLogChanged } from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { useErrorLogs } from '../api/error-logs-api';
import { ConnectionBadge } from './connection-badge';

const CHANGE_LABELS: Record<ErrorLogChanged['change'], string> = {
  created: 'New',
  repeated: 'Repeated',
  resolved: 'Resolved',
  reopened: 'Reopened',
};
const FEED_LENGTH = 10;

/**
 * Error reports as they arrive (staff only). The socket says what changed; the table is
 * refetched from the error log, so it always shows stored data, never a guess.
 */
export function LiveBugReports() {
  const queryClient = useQueryClient();
  const logs = useErrorLogs({ q: '', resolved: '', page: 1 });
  const [feed, setFeed] = useState<(ErrorLogChanged & { seq: number })[]>([]);
  const seq = useRef(0);

  useRealtimeEvent('error-log.changed', (event) => {
    seq.current += 1;
    const entry = { ...event, seq: seq.current };
    setFeed((current) => [entry, ...current].slice(0, FEED_LENGTH));
    void queryClient.invalidateQueries({ queryKey: ['error-logs'] });
  });
  const changedIds = new Map(feed.map((event) => [event.id, event.change] as const).reverse());

  return (
    <section>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Live bug reports</h1>
        <ConnectionBadge />
      </div>
      <p className="text-body-secondary">
        Errors reported by the app appear here as they happen. Resolve them on the{' '}
        <Link to={paths.dashboard.employeeStatus.href()}>error log</Link>.
      </p>

      <h2 className="h6">Since you opened this page</h2>
      {feed.length === 0 ? (
        <p className="small text-body-secondary">No new reports yet.</p>
      ) : (
        <ul className="list-unstyled small mb-3" aria-label="Latest changes" aria-live="polite">
          {feed.map((event) => (
            <li key={event.seq}>
              <Badge bg="info" text="dark" className="me-2">
                {CHANGE_LABELS[event.change]}
              </Badge>
              {new Date(event.at).toLocaleTimeString()} · {event.message} ({event.page}) ·{' '}
              {event.count}×
            </li>
          ))}
        </ul>
      )}

      <h2 className="h6">Latest error logs</h2>
      {logs.isPending && <Loading what="error logs" />}
      {logs.isError && <Alert variant="danger">{logs.error.message}</Alert>}
      {logs.isSuccess && logs.data.items.length === 0 && (
        <p className="text-body-secondary">No errors reported. New ones appear here live.</p>
      )}
      {logs.data && logs.data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Latest error logs">
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Page</th>
              <th scope="col">Count</th>
              <th scope="col">Status</th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {logs.data.items.map((log) => {
              const change = changedIds.get(log.id);
              return (
                <tr key={log.id} className={change ? 'table-info' : undefined}>
                  <td className="text-break">
                    {log.message}
                    {change && (
                      <Badge bg="info" text="dark" className="ms-2">
                        {CHANGE_LABELS[change]}
                      </Badge>
                    )}
                  </td>
                  <td className="text-break">{log.page}</td>
                  <td>{log.count}</td>
                  <td>{log.resolved ? 'Resolved' : 'Open'}</td>
                  <td className="text-nowrap">{new Date(log.updatedAt).toLocaleString()}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
