import type { RankGif } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, replyError } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render';
import { RankGifPanel } from './rank-gif-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SERIES = 'GET /api/localrank/gif/series/:scanId';

const gif = (over: Partial<RankGif>): RankGif => ({
  id: 88,
  scanId: 4102,
  keyword: 'emergency plumber',
  status: 'queued',
  framesTotal: 8,
  framesDone: 0,
  error: null,
  createdAt: '2026-11-29T13:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('Animated GIF', () => {
  it('needs three finished scans of the same settings', async () => {
    fakeApi({ [SERIES]: () => ({ available: 2 }) });
    renderWithApp(<RankGifPanel scanId={4102} />);
    expect((await screen.findByTestId('rank-gif-too-few')).textContent).toBe(
      'A GIF needs at least 3 finished scans with these settings; there are 2 so far.',
    );
    expect(screen.queryByRole('button', { name: 'Make GIF' })).toBeNull();
  });

  it('keeps the number of scans between 3 and those available, then starts the render', async () => {
    const api = fakeApi({
      [SERIES]: () => ({ available: 8 }),
      'POST /api/localrank/gif': ({ data }) =>
        reply(201, gif({ framesTotal: Number(data.frames) })),
      'GET /api/localrank/gif/:id': () => gif({ status: 'running', framesDone: 2 }),
    });
    renderWithApp(<RankGifPanel scanId={4102} />);
    expect(await screen.findByText(/8 scans are available\./)).toBeTruthy();
    const field = screen.getByLabelText('Scans in the GIF') as HTMLInputElement;
    expect(field.value).toBe('6');

    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make GIF' }));
    expect(await screen.findByText('Choose 3 to 8 scans.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '2.5' } });
    expect(screen.getByText('Choose 3 to 8 scans.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '8' } });
    expect(screen.queryByText('Choose 3 to 8 scans.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make GIF' }));
    expect(await screen.findByText('Drawing frame 2 of 8…')).toBeTruthy();
    expect(screen.getByTestId('rank-gif-progress').textContent).toBe('25%');
    // Nothing more can be started while it runs.
    expect((screen.getByRole('button', { name: 'Make GIF' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(api.calls.find((c) => c.method === 'POST')?.data).toEqual({ scanId: 4102, frames: 8 });
    expect(api.calls.some((c) => c.path === '/api/localrank/gif/88')).toBe(true);
  });

  it('offers the file once it is done', async () => {
    fakeApi({
      [SERIES]: () => ({ available: 12 }),
      'POST /api/localrank/gif': () => reply(201, gif({ framesTotal: 6 })),
      'GET /api/localrank/gif/:id': () =>
        gif({
          status: 'done',
          framesTotal: 6,
          framesDone: 6,
          finishedAt: '2026-11-29T13:00:40.000Z',
        }),
    });
    renderWithApp(<RankGifPanel scanId={4102} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make GIF' }));
    expect((await screen.findByTestId('rank-gif-done')).textContent).toBe('Done: 6 frames (100%).');
    expect(screen.getByRole('link', { name: 'Download GIF' }).getAttribute('href')).toBe(
      '/api/localrank/gif/88/file',
    );
    expect(
      screen.getByRole('img', { name: /^Animated rank grid for “emergency plumber”, 6 scans/ }),
    ).toBeTruthy();
    expect(screen.queryByTestId('rank-gif-progress')).toBeNull();
  });

  it('shows why a render failed, and the server’s own refusal of the request', async () => {
    const answers = [
      replyError(429, 'QUOTA_EXCEEDED', 'Today’s GIF renders are used up.'),
      reply(201, gif({})),
    ];
    fakeApi({
      [SERIES]: () => ({ available: 12 }),
      'POST /api/localrank/gif': () => answers.shift(),
      'GET /api/localrank/gif/:id': () =>
        gif({ status: 'failed', framesDone: 3, error: 'A scan of the series has no points.' }),
    });
    renderWithApp(<RankGifPanel scanId={4102} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make GIF' }));
    expect(
      await screen.findByText('The GIF could not be started: Today’s GIF renders are used up.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make GIF' }));
    expect(await screen.findByText('A scan of the series has no points.')).toBeTruthy();
    expect(screen.queryByText(/could not be started/)).toBeNull();
  });
});
