import type { BatchSummary, GridBatch } from '@pinpoint/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { FakeSocket } from '../../../testing/fake-socket';
import { renderWithApp } from '../../../testing/render';
import { batchKey } from '../api/batches-api';
import { BatchProgress } from './batch-progress';

afterEach(() => {
  cleanup();
  void realtime.disconnect();
  vi.unstubAllGlobals();
});

const running: GridBatch = {
  id: 512,
  status: 'running',
  concurrency: 4,
  requestedBy: 2,
  scansTotal: 4,
  scansDone: 1,
  scansSkipped: 0,
  scansRunning: 3,
  pointsTotal: 196,
  pointsDone: 49,
  estimatedCents: 392,
  configIds: [31, 32, 40, 41],
  createdAt: '2026-03-20T14:00:00.000Z',
  finishedAt: null,
  summary: null,
};

const summary: BatchSummary = {
  scans: { total: 4, done: 3, failed: 0, skipped: 1 },
  skipped: [{ configId: 41, companyId: 17, keyword: null, reason: 'The client was paused.' }],
  points: { total: 147, measured: 145, errors: 2, searches: 151 },
  durationSeconds: 754,
  cost: { estimatedCents: 392, searchesCents: 302 },
  meanAtrp: 6.4321,
  meanSolv: 38.25,
  improvements: [
    {
      configId: 31,
      companyId: 3,
      companyName: 'Ruiz Family Plumbing',
      keyword: 'emergency plumber',
      scanId: 9001,
      previousScanId: 8790,
      previousAtrp: 8.5,
      atrp: 5.25,
      change: -3.25,
    },
  ],
  declines: [],
};

describe('BatchProgress', () => {
  it('moves with progress events for its batch and shows the summary once it is done', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    realtime.connect();
    const socket = FakeSocket.last as FakeSocket;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    const answers = [
      running,
      {
        ...running,
        status: 'done',
        scansDone: 3,
        scansSkipped: 1,
        scansRunning: 0,
        pointsDone: 147,
        summary,
      },
    ];
    const api = fakeApi({ 'GET /api/liverank/batch/:id': () => answers.shift() });
    const { queryClient } = renderWithApp(<BatchProgress batchId={512} />);
    const bar = await screen.findByRole('progressbar', { name: 'Batch 512 progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    const send = (payload: unknown) =>
      act(() =>
        socket.onmessage?.({ data: JSON.stringify({ type: 'grid-batch.progress', payload }) }),
      );

    // Another batch's progress changes nothing.
    send({
      batchId: 511,
      status: 'running',
      scansDone: 3,
      scansSkipped: 0,
      scansTotal: 4,
      pointsDone: 150,
      pointsTotal: 196,
    });
    expect(queryClient.getQueryData<GridBatch>(batchKey(512))?.pointsDone).toBe(49);
    send({
      batchId: 512,
      status: 'running',
      scansDone: 2,
      scansSkipped: 0,
      scansTotal: 4,
      pointsDone: 130,
      pointsTotal: 196,
    });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('66'));
    expect(bar.getAttribute('aria-valuetext')).toBe('66%: 2 of 4 scans finished');
    expect(api.calls).toHaveLength(1);

    // The end: the stored batch is read again for its summary.
    send({
      batchId: 512,
      status: 'done',
      scansDone: 3,
      scansSkipped: 1,
      scansTotal: 4,
      pointsDone: 147,
      pointsTotal: 196,
    });
    const shown = await screen.findByTestId('batch-summary');
    expect(api.calls).toHaveLength(2);
    expect(screen.getByText('Done')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Batch 512 progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(shown.textContent).toContain('3 done, 0 failed, 1 skipped of 4');
    expect(shown.textContent).toContain('145 measured, 2 errors of 147 (151 searches)');
    expect(shown.textContent).toContain('12 min 34 s');
    expect(shown.textContent).toContain('$3.02 (estimated $3.92)');
    expect(shown.textContent).toContain('6.43');
    expect(shown.textContent).toContain('38.3 %');
    const gains = within(shown).getByRole('table', { name: 'Biggest ATRP gains' });
    expect(within(gains).getByText('−3.25')).toBeTruthy();
    expect(within(gains).getByText('8.50')).toBeTruthy();
    expect(shown.textContent).toContain('Biggest ATRP losses: none.');
    expect(shown.textContent).toContain('Config 41: The client was paused.');
  });

  it('shows a failed batch in full, and says why a batch could not be loaded', async () => {
    fakeApi({
      'GET /api/liverank/batch/:id': ({ params }) =>
        params.id === '512'
          ? { ...running, status: 'failed', scansDone: 1, scansRunning: 0, pointsDone: 49 }
          : replyError(404, 'NOT_FOUND', 'Batch 513 was not found.'),
    });
    renderWithApp(
      <>
        <BatchProgress batchId={512} />
        <BatchProgress batchId={513} />
      </>,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Batch 512 progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Failed')).toBeTruthy();
    // A finished batch without its summary yet: it is being read.
    expect(screen.getByText('Loading the summary…')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByText(/The batch could not be loaded: Batch 513 was not found\./),
      ).toBeTruthy(),
    );
  });
});
