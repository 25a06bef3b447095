import { SALES_STAGE_LABELS, type SalesContainer } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { InlineSpinner } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useDeleteContainer, useUpdateContainer } from '../api/containers';
import { ConfirmDialog } from './confirm-dialog';
import { StageBadge } from './stage-badge';

/** The stages an employee sets by hand; "won" comes only from converting the prospect. */
const SETTABLE = ['prospecting', 'shared', 'lost'] as const;
type SettableStage = (typeof SETTABLE)[number];

/** The business, its stage (changeable until it is won), its owner, and deleting it. */
export function WorkspaceHeader({ container }: { container: SalesContainer }) {
  const update = useUpdateContainer(container.id);
  const remove = useDeleteContainer(container.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const won = container.stage === 'won';
  const details = [container.category, container.address, container.phone].filter(Boolean);

  return (
    <header className="mb-4">
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <h1 className="h3 mb-0 text-break" data-testid="workspace-business">
          {container.name}
        </h1>
        <StageBadge stage={container.stage} />
      </div>
      <p className="text-body-secondary mb-2">
        {details.join(' · ') || 'No address listed'}
        {container.website && (
          <>
            {' · '}
            <a href={container.website} target="_blank" rel="noopener noreferrer">
              {container.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          </>
        )}
      </p>
      <p className="small mb-2">
        Owner: {container.ownerName ?? 'nobody'} · Started {formatDate(container.createdAt)}
        {container.convertedAt && ` · Became a client ${formatDate(container.convertedAt)}`}
      </p>
      <div className="d-flex flex-wrap align-items-end gap-2">
        {!won && (
          <Form.Group controlId="workspace-stage">
            <Form.Label className="small mb-1">Stage</Form.Label>
            <Form.Select
              size="sm"
              value={container.stage}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ stage: e.target.value as SettableStage })}
            >
              {SETTABLE.map((stage) => (
                <option key={stage} value={stage}>
                  {SALES_STAGE_LABELS[stage]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {update.isPending && <InlineSpinner className="mb-2" />}
        <Button
          size="sm"
          variant="outline-danger"
          className="ms-auto"
          onClick={() => setConfirming(true)}
        >
          Delete workspace
        </Button>
      </div>
      {update.error && (
        <Alert variant="danger" className="mt-2">
          The stage could not be changed: {update.error.message}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this workspace?"
        confirmLabel="Delete workspace"
        confirmVariant="danger"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate(paths.dashboard.powerTool.href()),
          })
        }
      >
        <p className="mb-0">
          The workspace of {container.name}, its recommendations and its report links go.
          {won ? ' The client and its rank history stay.' : ''}
        </p>
        {remove.error && (
          <Alert variant="danger" className="mt-2 mb-0">
            It could not be deleted: {remove.error.message}
          </Alert>
        )}
      </ConfirmDialog>
    </header>
  );
}
