import { formatInstantDateTime, type ReviewReplyWrite } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { ScrollingTable } from '../../../components/scrolling-table';
import { WriteStatusBadge } from './write-status-badge';

/** Every reply write made through Pinpoint for one review, newest first, with its state. */
export function WriteHistory({ history }: { history: ReviewReplyWrite[] }) {
  if (history.length === 0) {
    return (
      <p className="text-body-secondary" data-testid="write-history-empty">
        No reply has been written through Pinpoint yet.
      </p>
    );
  }
  return (
    <ScrollingTable label="Reply history">
      <Table size="sm" aria-label="Reply history" data-testid="write-history">
        <thead>
          <tr>
            <th scope="col">Written</th>
            <th scope="col">Change</th>
            <th scope="col">Text</th>
            <th scope="col">Status</th>
            <th scope="col">By</th>
            <th scope="col">Sent</th>
          </tr>
        </thead>
        <tbody>
          {history.map((write) => (
            <tr key={write.id}>
              <td className="text-nowrap">{formatInstantDateTime(write.createdAt)}</td>
              <td>{write.action === 'delete' ? 'Delete reply' : 'Reply'}</td>
              <td style={{ minWidth: '14rem', whiteSpace: 'pre-line' }}>{write.text ?? '—'}</td>
              <td>
                <WriteStatusBadge write={write} />
                {write.attempts > 1 && (
                  <span className="d-block small text-body-secondary">
                    {write.attempts} attempts
                  </span>
                )}
              </td>
              <td>{write.createdBy ?? '—'}</td>
              <td className="text-nowrap">
                {write.sentAt ? formatInstantDateTime(write.sentAt) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
