import { type ActivityItem, decodeId } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ActivityFeed } from './activity-feed';
import { RecentActivity } from './recent-activity';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TITLES = [
  'Replied to a 5-star review from Karen M.',
  'Published “Spring AC tune-up special” on Google',
  'Updated holiday hours on Yelp',
  'Ran the “emergency plumber” rank grid',
];

/** The feed of Ruiz Family Plumbing: 45 events, newest first, sliced as the server does. */
function activity(total = 45) {
  const all: ActivityItem[] = Array.from({ length: total }, (_, i) => ({
    id: 900 - i,
    type: i === 0 ? 'citation_built' : i % 2 ? 'review_replied' : 'post_published',
    title: i === 0 ? 'Built 12 citations' : `${TITLES[i % TITLES.length]} (#${i + 1})`,
    detail: i === 1 ? 'Thanks for calling us about the water heater, Karen!' : '',
    occurredAt: new Date(Date.UTC(2026, 2, 20, 15) - i * 3_600_000).toISOString(),
    product: i === 1 ? { instanceId: 7781, slug: 'reviews-pro', name: 'Reviews Pro' } : null,
  }));
  return ({ query }: FakeRequest) => {
    const limit = Number(query.get('limit'));
    const offset = Number(query.get('offset'));
    const type = query.get('type');
    const matching = type ? all.filter((item) => item.type === type) : all;
    return {
      items: matching.slice(offset, offset + limit),
      total: matching.length,
      limit,
      offset,
    };
  };
}

const queryOf = (call: FakeRequest | undefined) => Object.fromEntries(call?.query ?? []);

describe('ActivityFeed', () => {
  it('shows a page of 20 with labels, details and product links, and pages through the address', async () => {
    const api = fakeApi({ 'GET /api/uni/client/activity/:companyId': activity() });
    const { router } = renderWithApp(<ActivityFeed companyId={42} />, {
      path: '/dashboard/activity',
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByTestId('activity-item');
    expect(items).toHaveLength(20);
    expect(screen.getByTestId('activity-count').textContent).toBe('1–20 of 45');
    // A type this version does not know still reads.
    expect(within(items[0] as HTMLElement).getByTestId('activity-type').textContent).toBe(
      'Citation built',
    );
    const second = items[1] as HTMLElement;
    expect(within(second).getByTestId('activity-type').textContent).toBe('Review replied');
    expect(within(second).getByText(/water heater, Karen/)).toBeTruthy();
    const href = within(second).getByRole('link', { name: 'Reviews Pro' }).getAttribute('href');
    const [, encoded] = /^\/dashboard\/products\/reviews-pro\/([^/]+)$/.exec(href ?? '') ?? [];
    expect(decodeId(encoded ?? '')).toBe(7781);
    expect(api.calls[0]?.params.companyId).toBe('42');
    expect(queryOf(api.calls[0])).toEqual({ limit: '20', offset: '0' });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('activity-count').textContent).toBe('21–40 of 45'),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(queryOf(api.calls.at(-1))).toEqual({ limit: '20', offset: '20' });
  });

  it('reads the type and page from the address, and a new type starts again at page 1', async () => {
    const api = fakeApi({ 'GET /api/uni/client/activity/:companyId': activity() });
    const { router } = renderWithApp(<ActivityFeed companyId={42} />, {
      path: '/dashboard/activity?type=review_replied&page=2',
    });
    await screen.findByText('Page 2 of 2');
    expect(screen.getByTestId('activity-count').textContent).toBe('21–22 of 22');
    expect(queryOf(api.calls[0])).toEqual({ limit: '20', offset: '20', type: 'review_replied' });
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('review_replied');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'scan_run' } });
    expect(await screen.findByText('No “Rank scan run” activity yet.')).toBeTruthy();
    expect(router.state.location.search).toBe('?type=scan_run');
    expect(queryOf(api.calls.at(-1))).toEqual({ limit: '20', offset: '0', type: 'scan_run' });
  });

  it('treats a nonsense page and an unknown type as page 1 of all types', async () => {
    const api = fakeApi({ 'GET /api/uni/client/activity/:companyId': activity(3) });
    renderWithApp(<ActivityFeed companyId={42} />, {
      path: '/dashboard/activity?type=bogus&page=-4',
    });
    await screen.findByText('1–3 of 3');
    expect(queryOf(api.calls[0])).toEqual({ limit: '20', offset: '0' });
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('');
    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).toBeNull();
  });

  it('says when there is nothing yet, and when a page past the end is empty', async () => {
    fakeApi({ 'GET /api/uni/client/activity/:companyId': activity(0) });
    renderWithApp(<ActivityFeed companyId={42} />, { path: '/dashboard/activity' });
    expect(
      await screen.findByText('No activity yet: work the agency does for you will show here.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('activity-count')).toBeNull();
    cleanup();

    fakeApi({ 'GET /api/uni/client/activity/:companyId': activity(5) });
    renderWithApp(<ActivityFeed companyId={42} />, { path: '/dashboard/activity?page=3' });
    expect(await screen.findByText('There is nothing on this page.')).toBeTruthy();
  });

  it('shows why the feed failed and tries again', async () => {
    const answers = [
      replyError(503, 'SERVICE_UNAVAILABLE', 'The activity service is restarting.'),
      activity(2),
    ];
    fakeApi({
      'GET /api/uni/client/activity/:companyId': (request) => {
        const next = answers.shift();
        return typeof next === 'function' ? next(request) : next;
      },
    });
    renderWithApp(<ActivityFeed companyId={42} />, { path: '/dashboard/activity' });
    expect(
      await screen.findByText(
        /The activity could not be loaded: The activity service is restarting\./,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1–2 of 2')).toBeTruthy();
  });
});

describe('RecentActivity', () => {
  it('asks for the latest five and links to the whole feed', async () => {
    const api = fakeApi({ 'GET /api/uni/client/activity/:companyId': activity() });
    renderWithApp(<RecentActivity companyId={42} />, { path: '/dashboard/overview' });
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(list).getAllByTestId('activity-item')).toHaveLength(5);
    expect(queryOf(api.calls[0])).toEqual({ limit: '5', offset: '0' });
    expect(screen.getByRole('link', { name: 'All activity' }).getAttribute('href')).toBe(
      '/dashboard/activity',
    );
  });

  it('says when nothing has been done yet', async () => {
    fakeApi({ 'GET /api/uni/client/activity/:companyId': activity(0) });
    renderWithApp(<RecentActivity companyId={42} />, { path: '/dashboard/overview' });
    expect(await screen.findByText('Nothing yet: work done for you will show here.')).toBeTruthy();
  });
});
