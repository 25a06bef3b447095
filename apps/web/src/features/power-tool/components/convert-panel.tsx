import { encodeId, type SalesContainer } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useConvertProspect } from '../api/report';
import { ConfirmDialog } from './confirm-dialog';

/**
 * "Convert to client": the prospect company becomes a client, and the grids measured here
 * become its first rank history. Asked once more before it happens: it cannot be undone here.
 */
export function ConvertPanel({ container }: { container: SalesContainer }) {
  const convert = useConvertProspect(container.id);
  const [confirming, setConfirming] = useState(false);
  const result = convert.data;
  const historyHref = paths.dashboard.localRankHistory.href(encodeId(container.companyId));

  return (
    <section aria-labelledby="sales-convert-title" className="card mb-4">
      <div className="card-body">
        <h2 id="sales-convert-title" className="h5">
          Convert to client
        </h2>
        {result ? (
          <Alert variant="success" className="mb-0" data-testid="convert-result">
            {container.name} is now a client.{' '}
            {result.grids === 1
              ? 'Its grid is now the client’s first rank history.'
              : `Its ${result.grids} grids are now the client’s first rank history.`}{' '}
            <Link to={historyHref}>See the client’s rank history</Link>
          </Alert>
        ) : container.stage === 'won' ? (
          <p className="mb-0">
            {container.name} became a client; its grids are its first rank history.{' '}
            <Link to={historyHref}>See the client’s rank history</Link>
          </p>
        ) : (
          <>
            <p className="small text-body-secondary">
              When {container.name} signs, make it a client: the grids measured here are kept as its
              first rank history.
            </p>
            <Button onClick={() => setConfirming(true)}>Convert to client</Button>
          </>
        )}
        <ConfirmDialog
          open={confirming && !result}
          title={`Make ${container.name} a client?`}
          confirmLabel="Convert to client"
          busy={convert.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            convert.mutate(undefined, {
              onSuccess: () => setConfirming(false),
            })
          }
        >
          <p className="mb-0">
            It moves from your prospects to the agency’s clients, with its grids as its first rank
            history. The workspace stays, marked as won.
          </p>
          {convert.error && (
            <Alert variant="danger" className="mt-2 mb-0">
              It could not be converted: {convert.error.message}
            </Alert>
          )}
        </ConfirmDialog>
      </div>
    </section>
  );
}
