import type { SalesRecommendation } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { RecommendationsPanel } from './recommendations-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const recommendation = (over: Partial<SalesRecommendation>): SalesRecommendation => ({
  id: 601,
  containerId: 204,
  position: 1,
  kind: 'weak-area',
  title: 'Win the south-east of the grid',
  body: 'Add service-area pages for Travis Heights and Riverside, and ask those patients for reviews.',
  evidence: ['Not in the top 3 at 14 of 25 points south-east of the office'],
  edited: false,
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

const recommendations = [
  recommendation({
    id: 603,
    position: 3,
    kind: 'page-speed',
    title: 'Speed up the home page',
    body: 'Compress the hero image and defer the chat widget.',
    evidence: [],
  }),
  recommendation({}),
  recommendation({
    id: 602,
    position: 2,
    kind: 'reviews',
    title: 'Catch up on reviews',
    body: 'Ask every patient for a review after a visit.',
    evidence: ['212 reviews against 480 for the leader'],
    edited: true,
  }),
];

const RECOMMENDATION = 'PATCH /api/sales/recommendations/:id';

function renderPanel(routes: Record<string, FakeRoute>, list = recommendations) {
  const api = fakeApi(routes);
  renderWithApp(
    <RecommendationsPanel containerId={204} recommendations={list} hasGrids won={false} />,
  );
  return api;
}

const titles = () => screen.getAllByTestId('recommendation-title').map((t) => t.textContent);

describe('recommendations', () => {
  it('are listed by position, with the facts they rest on, and move up and down', async () => {
    const api = renderPanel({ [RECOMMENDATION]: () => recommendation({}) });
    expect(await screen.findByText('Draft again')).toBeTruthy();
    expect(titles()).toEqual([
      '1. Win the south-east of the grid',
      '2. Catch up on reviews',
      '3. Speed up the home page',
    ]);
    const [first, second, third] = screen.getAllByTestId('recommendation') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Weak area')).toBeTruthy();
    expect(within(second as HTMLElement).getByTestId('recommendation-edited')).toBeTruthy();
    expect(within(third as HTMLElement).queryByTestId('recommendation-evidence')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Move recommendation 1 up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Move recommendation 3 down' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move recommendation 3 up' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      path: '/api/sales/recommendations/603',
      data: { position: 2 },
    });
  });

  it('are edited with the shared rules; nothing is sent when nothing changed', async () => {
    const answers = [
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the fields.',
          details: [{ path: 'body.title', message: 'A title like this one exists already.' }],
        },
      }),
    ];
    const api = renderPanel({
      [RECOMMENDATION]: ({ data }) => answers.shift() ?? recommendation({ ...data, edited: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit recommendation 1' }));
    const form = screen.getByRole('form', { name: 'Edit recommendation 1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(api.calls).toHaveLength(0);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit recommendation 1');

    fireEvent.click(screen.getByRole('button', { name: 'Edit recommendation 1' }));
    const again = screen.getByRole('form', { name: 'Edit recommendation 1' });
    fireEvent.change(within(again).getByLabelText('Title'), { target: { value: 'Go' } });
    fireEvent.change(within(again).getByLabelText('What to do'), { target: { value: 'Post.' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('A title needs at least 3 characters.')).toBeTruthy();
    expect(within(again).getByText('Say what to do in at least 10 characters.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(within(again).getByLabelText('Title'), {
      target: { value: 'Own Travis Heights' },
    });
    fireEvent.change(within(again).getByLabelText('What to do'), {
      target: { value: recommendations[1]?.body },
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('A title like this one exists already.')).toBeTruthy();

    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Recommendation 1 saved.')).toBeTruthy();
    // Only what changed is sent.
    expect(api.calls.map((c) => c.data)).toEqual([
      { title: 'Own Travis Heights' },
      { title: 'Own Travis Heights' },
    ]);
  });

  it('leave the edit form on Escape without saving', async () => {
    const api = renderPanel({});
    fireEvent.click(await screen.findByRole('button', { name: 'Edit recommendation 2' }));
    const form = screen.getByRole('form', { name: 'Edit recommendation 2' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Changed' } });
    fireEvent.keyDown(within(form).getByLabelText('Title'), { key: 'Escape' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(titles()[1]).toBe('2. Catch up on reviews');
    expect(api.calls).toHaveLength(0);
  });

  it('are drafted from the measures, and say so when nothing stands out', async () => {
    const answers = [
      { containerId: 204, provider: 'demo', recommendations: [recommendation({})] },
      { containerId: 204, provider: 'demo', recommendations: [] },
    ];
    const api = renderPanel(
      {
        'POST /api/sales/containers/:id/recommendations/draft': () =>
          answers.shift() ?? replyError(503, 'SERVICE_UNAVAILABLE', 'The drafter is busy.'),
      },
      [],
    );
    expect(await screen.findByTestId('recommendations-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Draft recommendations' }));
    expect(
      await screen.findByText('Recommendations drafted from the latest measures.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Draft recommendations' }));
    expect(await screen.findByText(/^Nothing stands out in these measures/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Draft recommendations' }));
    expect(await screen.findByText('The drafter is busy.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(
      Array(3).fill('/api/sales/containers/204/recommendations/draft'),
    );
  });

  it('wait for grids before a draft, and are not drafted for a won prospect', async () => {
    fakeApi({});
    const { unmount } = renderWithApp(
      <RecommendationsPanel containerId={204} recommendations={[]} hasGrids={false} won={false} />,
    );
    expect((await screen.findByTestId('recommendations-empty')).textContent).toBe(
      'Recommendations are drafted from measures: run the grids first.',
    );
    expect(
      (screen.getByRole('button', { name: 'Draft recommendations' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    unmount();
    renderWithApp(
      <RecommendationsPanel containerId={204} recommendations={recommendations} hasGrids won />,
    );
    expect(await screen.findByText('3. Speed up the home page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Draft/ })).toBeNull();
  });
});
