import type { GridBatch } from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import { LoadError, Loading } from '../../../components/load-states';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { batchKey, useBatch } from '../api/batches-api';
import { BatchSummaryView } from './batch-summary';

const STATUS: Record<GridBatch['status'], { label: string; bg: string }> = {
  running: { label: 'Running', bg: 'primary' },
  done: { label: 'Done', bg: 'success' },
  failed: { label: 'Failed', bg: 'danger' },
};

/** Points measured out of all points, so the bar moves within a scan as well. */
function percentOf(batch: GridBatch): number {
  if (batch.status !== 'running') return 100;
  if (batch.pointsTotal === 0) return 0;
  return Math.min(100, Math.round((100 * batch.pointsDone) / batch.pointsTotal));
}

/**
 * One batch live: `grid-batch.progress` events update it at once, the query polls as a
 * fallback while it runs, and the summary shows once it has finished.
 */
export function BatchProgress({ batchId }: { batchId: number }) {
  const queryClient = useQueryClient();
  const batch = useBatch(batchId);

  useRealtimeEvent('grid-batch.progress', (event) => {
    if (event.batchId !== batchId) return;
    queryClient.setQueryData<GridBatch>(batchKey(batchId), (current) =>
      current ? { ...current, ...event } : current,
    );
    // The summary only comes with the stored batch.
    if (event.status !== 'running')
      void queryClient.invalidateQueries({ queryKey: batchKey(batchId) });
  });

  // A finished batch frees "run": the recent list (which knows what runs) is read again.
  const batchStatus = batch.data?.status;
  useEffect(() => {
    if (batchStatus && batchStatus !== 'running')
      void queryClient.invalidateQueries({ queryKey: ['batches'] });
  }, [batchStatus, queryClient]);

  if (batch.isPending) return <Loading what="the batch" />;
  if (batch.isError)
    return <LoadError what="The batch" error={batch.error} onRetry={() => batch.refetch()} />;
  const data = batch.data;
  const percent = percentOf(data);
  const status = STATUS[data.status];

  return (
    <section aria-labelledby="batch-heading" className="mb-4">
      <h2 id="batch-heading" className="h5 d-flex align-items-center gap-2">
        Batch {data.id} <Badge bg={status.bg}>{status.label}</Badge>
      </h2>
      <div
        className="progress mb-2"
        role="progressbar"
        aria-label={`Batch ${data.id} progress`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%: ${data.scansDone} of ${data.scansTotal} scans finished`}
        style={{ height: '1.25rem' }}
      >
        <div
          className={`progress-bar${data.status === 'running' ? ' progress-bar-striped progress-bar-animated' : ''}${data.status === 'failed' ? ' bg-danger' : ''}`}
          style={{ width: `${percent}%` }}
        >
          {percent}%
        </div>
      </div>
      <p className="small mb-3" aria-live="polite">
        {data.scansDone} of {data.scansTotal} scans finished
        {data.scansSkipped > 0 && `, ${data.scansSkipped} skipped`}
        {data.status === 'running' && `, ${data.scansRunning} running`} · {data.pointsDone} of{' '}
        {data.pointsTotal} points measured
      </p>
      {data.summary ? (
        <BatchSummaryView summary={data.summary} />
      ) : (
        data.status !== 'running' && <Loading what="the summary" />
      )}
    </section>
  );
}
