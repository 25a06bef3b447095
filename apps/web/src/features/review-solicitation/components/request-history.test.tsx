import {
  addCalendarDays,
  type SolicitationRequestItem,
  type SolicitationStats,
  todayIn,
} from '@pinpoint/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { RequestHistory } from './request-history';
import { TotalsCards } from './totals-cards';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ZONE = 'America/Chicago';
const BASE = '/api/uni/products/reviewsolicitation/:productId';

const stats: SolicitationStats = {
  from: '2026-09-01',
  to: '2026-11-29',
  timeZone: ZONE,
  totals: {
    requests: 1240,
    sent: 1180,
    delivered: 1102,
    clicked: 301,
    reviewed: 96,
    optedOut: 12,
    failed: 41,
    held: 3,
  },
  weeks: [
    { week: '2026-11-16', requests: 30, clicked: 9, reviewed: 10, rate: 1 / 3 },
    { week: '2026-11-23', requests: 0, clicked: 0, reviewed: 0, rate: null },
  ],
};

const item = (over: Partial<SolicitationRequestItem>): SolicitationRequestItem => ({
  id: 9051,
  contactName: 'Maria Lopez',
  phone: '•••-•••-0134',
  email: 'm•••@example.com',
  sendType: 'both',
  status: 'clicked',
  createdAt: '2026-11-20T16:00:00.000Z',
  scheduledFor: '2026-11-20T16:00:00.000Z',
  sentAt: '2026-11-20T16:00:05.000Z',
  deliveredAt: '2026-11-20T16:00:09.000Z',
  clickedAt: '2026-11-20T18:12:00.000Z',
  reviewedAt: null,
  failureReason: null,
  ...over,
});

const failed = item({
  id: 9050,
  contactName: 'James Carter',
  email: null,
  sendType: 'sms',
  status: 'failed',
  deliveredAt: null,
  clickedAt: null,
  failureReason: 'The number cannot receive texts.',
});

const requestsOf = (calls: FakeRequest[]) => calls.filter((c) => c.path.endsWith('/requests'));

/** Picks an option of a labelled select by its text, whatever value the option carries. */
function choose(label: string, optionText: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  const option = within(select).getByText(optionText) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

function server(items = [item({}), failed], total = 2) {
  return fakeApi({
    [`GET ${BASE}/stats`]: () => stats,
    [`GET ${BASE}/requests`]: ({ query }) =>
      query.get('status') || query.get('channel') || query.get('q')
        ? { items: [], total: 0, page: 1, pageSize: 25 }
        : { items, total, page: Number(query.get('page')), pageSize: 25 },
  });
}

describe('review request history', () => {
  it('shows the period’s totals, with the dev outbox only when something was kept there', async () => {
    server();
    renderWithApp(<RequestHistory productId={321} timeZone={ZONE} highlight={null} />);
    const totals = await screen.findByTestId('solicitation-totals');
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([
      'Requests1,240',
      'Sent1,180',
      'Delivered1,102',
      'Clicked301',
      'Reviewed96',
      'Opted out12',
      'Failed41',
      'Not sent (dev outbox)3',
    ]);
    // The weekly conversion's table: the rate to one decimal, a dash for a week without requests.
    const table = screen.getByRole('table', {
      name: 'Requests and reviews by week: data',
      hidden: true,
    });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Week of 11/16/2026', '30', '9', '10', '33.3%'],
      ['Week of 11/23/2026', '0', '0', '0', '–'],
    ]);

    cleanup();
    render(<TotalsCards totals={{ ...stats.totals, held: 0 }} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.queryByText('Not sent (dev outbox)')).toBeNull();
  });

  it('lists the requests of the company’s last 90 days, marks the new one, and pages', async () => {
    const api = server([item({}), failed], 26);
    renderWithApp(<RequestHistory productId={321} timeZone={ZONE} highlight={9051} />);
    expect((await screen.findByTestId('requests-total')).textContent).toBe('26 requests');
    const today = todayIn(ZONE);
    expect(Object.fromEntries(requestsOf(api.calls)[0]?.query ?? [])).toEqual({
      from: addCalendarDays(today, -89),
      to: today,
      tz: ZONE,
      page: '1',
      pageSize: '25',
    });
    expect(api.calls[0]?.path).toBe('/api/uni/products/reviewsolicitation/321/stats');

    const [maria, james] = screen.getAllByTestId('request-row') as [HTMLElement, HTMLElement];
    expect(maria.className).toBe('table-info');
    expect(james.className).toBe('');
    expect(within(maria).getByText('•••-•••-0134 · m•••@example.com')).toBeTruthy();
    expect(within(maria).getByTestId('request-status').textContent).toBe('Clicked');
    expect(within(james).getByText('•••-•••-0134')).toBeTruthy();
    expect(within(james).getByText('The number cannot receive texts.')).toBeTruthy();
    // Steps not reached read as a dash.
    expect([...james.children].slice(4).map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^11\/20\/2026 /),
      '–',
      '–',
      '–',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requestsOf(api.calls).at(-1)?.query.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
  });

  it('filters by status, channel and text, and says when nothing matches', async () => {
    const api = server();
    renderWithApp(<RequestHistory productId={321} timeZone={ZONE} highlight={null} />);
    expect(await screen.findByTestId('requests-total')).toBeTruthy();

    choose('Status', 'Reviewed');
    expect((await screen.findByTestId('requests-empty')).textContent).toBe(
      'No requests match these filters in this period.',
    );
    expect(requestsOf(api.calls).at(-1)?.query.get('status')).toBe('reviewed');

    choose('Channel', 'Email');
    await waitFor(() => expect(requestsOf(api.calls).at(-1)?.query.get('channel')).toBe('email'));
    expect(requestsOf(api.calls).at(-1)?.query.get('status')).toBe('reviewed');

    // The search is sent once typing pauses, trimmed.
    fireEvent.change(screen.getByLabelText('Search name, phone or email'), {
      target: { value: ' lopez ' },
    });
    await waitFor(() => expect(requestsOf(api.calls).at(-1)?.query.get('q')).toBe('lopez'));
    expect(requestsOf(api.calls).at(-1)?.query.get('page')).toBe('1');
  });

  it('reads another period, and invites a first request when there is none', async () => {
    const api = server([], 0);
    renderWithApp(<RequestHistory productId={321} timeZone={ZONE} highlight={null} />);
    expect((await screen.findByTestId('requests-empty')).textContent).toMatch(
      /^No review requests in this period yet\./,
    );
    choose('Period (days in America/Chicago)', 'Last 30 days');
    const today = todayIn(ZONE);
    await waitFor(() =>
      expect(requestsOf(api.calls).at(-1)?.query.get('from')).toBe(addCalendarDays(today, -29)),
    );
    const stats = api.calls.filter((c) => c.path.endsWith('/stats'));
    expect(stats.at(-1)?.query.get('from')).toBe(addCalendarDays(today, -29));
  });
});
