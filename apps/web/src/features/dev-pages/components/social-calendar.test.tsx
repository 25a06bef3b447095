import {
  type AuthResponse,
  type CalendarPost,
  decodeId,
  type SessionClient,
  type SocialCalendar as SocialCalendarData,
} from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SelectedClientProvider } from '../../../lib/selected-client';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { SocialCalendar } from './social-calendar';

// Today is Tuesday, March 10, 2026 (midday UTC: the same day in every US zone). Only the
// clock is fake; timers run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const RUIZ: SessionClient = { client_id: 42, name: 'Ruiz Family Plumbing', label: 'Ruiz' };
const BRIGHT: SessionClient = { client_id: 11, name: 'Bright Smile Dental', label: 'Bright' };

/** An employee assigned to the given clients, with the first one selected. */
function staff(clients: SessionClient[]): AuthResponse {
  const client = clients[0] ?? null;
  return {
    session: {
      exp: Date.now() + 3_600_000,
      perm: true,
      admin: false,
      lead: false,
      clients,
      client,
    },
    user: {
      clientId: client?.client_id ?? null,
      index: 0,
      clientLabel: client?.label ?? null,
      client,
      email: 'priya.shah@pinpointlocal.com',
      firstName: 'Priya',
      lastName: 'Shah',
      perm: true,
      admin: false,
      lead: false,
      phoneExt: '214',
      auth_type: 'password',
    },
  };
}

const post = (over: Partial<CalendarPost>): CalendarPost => ({
  id: 501,
  product_id: 7781,
  product_slug: 'google-business',
  channel: 'google',
  state: 'scheduled',
  at: '2026-03-10T14:00:00.000Z',
  day: '2026-03-10',
  time: '9:00 AM',
  summary: 'Spring AC tune-up special: $89 through March 31',
  ...over,
});

const MARCH: CalendarPost[] = [
  post({}),
  post({
    id: 502,
    product_id: 7790,
    product_slug: 'facebook-pages',
    channel: 'facebook',
    state: 'published',
    time: '2:30 PM',
    summary: 'Meet Luis, our newest licensed plumber',
  }),
  post({ id: 490, state: 'published', day: '2026-03-03', time: '10:15 AM', summary: 'Tips' }),
];

function calendar(posts: Record<string, CalendarPost[]>) {
  return ({ params, query }: FakeRequest): SocialCalendarData => {
    const month = query.get('month') ?? '';
    const company = Number(params.companyId) === 11 ? BRIGHT : RUIZ;
    return {
      company: { id: company.client_id, name: company.name },
      month,
      time_zone: 'America/Chicago',
      posts: posts[`${company.client_id}:${month}`] ?? [],
    };
  };
}

function renderCalendar(auth: AuthResponse) {
  return renderWithApp(
    <SelectedClientProvider auth={auth}>
      <SocialCalendar />
    </SelectedClientProvider>,
    { path: '/dashboard/products/social-calendar' },
  );
}

describe('SocialCalendar', () => {
  it('lays out this month’s posts by day, each linking to the post', async () => {
    const api = fakeApi({
      'GET /api/uni/dev/social-calendar/:companyId': calendar({ '42:2026-03': MARCH }),
    });
    renderCalendar(staff([RUIZ]));
    expect((await screen.findByTestId('calendar-total')).textContent).toBe(
      '3 posts this month (times in America/Chicago)',
    );
    expect(screen.getByTestId('calendar-month').textContent).toBe('March 2026');
    expect(api.calls[0]?.path).toBe('/api/uni/dev/social-calendar/42');
    expect(api.calls[0]?.query.get('month')).toBe('2026-03');
    // One company: nothing to pick.
    expect(screen.queryByLabelText('Company')).toBeNull();

    const today = screen.getByLabelText('Tuesday, March 10: 2 posts');
    expect(today.getAttribute('tabindex')).toBe('0');
    expect(screen.getByLabelText('Wednesday, March 11: 0 posts').getAttribute('tabindex')).toBe(
      '-1',
    );
    const chips = within(today).getAllByTestId('calendar-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      '9:00 AM Google · Scheduled: Spring AC tune-up special: $89 through March 31',
      '2:30 PM Facebook · Published: Meet Luis, our newest licensed plumber',
    ]);
    const [, slug, product, postId] =
      /^\/dashboard\/products\/([^/]+)\/posts\/([^/]+)\/([^/]+)$/.exec(
        chips[1]?.getAttribute('href') ?? '',
      ) ?? [];
    expect(slug).toBe('facebook-pages');
    expect(decodeId(product)).toBe(7790);
    expect(decodeId(postId)).toBe(502);
    expect(screen.getByLabelText('Tuesday, March 3: 1 post')).toBeTruthy();
  });

  it('moves the focused day with the keys, and Enter opens the day’s first post', async () => {
    let answerApril = (_value: SocialCalendarData) => {};
    const api = fakeApi({
      'GET /api/uni/dev/social-calendar/:companyId': (request) => {
        if (request.query.get('month') !== '2026-04')
          return calendar({ '42:2026-03': MARCH })(request);
        return new Promise<SocialCalendarData>((resolve) => {
          answerApril = resolve;
        });
      },
    });
    const { router } = renderCalendar(staff([RUIZ]));
    await screen.findByTestId('calendar-total');
    const grid = screen.getByRole('grid', { name: 'March 2026' });

    fireEvent.keyDown(screen.getByLabelText('Tuesday, March 10: 2 posts'), { key: 'ArrowRight' });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-day')).toBe('2026-03-11'),
    );
    fireEvent.keyDown(grid, { key: 'End' });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-day')).toBe('2026-03-14'),
    );

    // To April: March's posts are not shown in April's days while April loads.
    fireEvent.keyDown(grid, { key: 'PageDown' });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-day')).toBe('2026-04-14'),
    );
    expect(screen.getByTestId('calendar-month').textContent).toBe('April 2026');
    expect(screen.queryByTestId('calendar-total')).toBeNull();
    expect(screen.queryAllByTestId('calendar-chip')).toEqual([]);
    await waitFor(() => expect(api.calls.at(-1)?.query.get('month')).toBe('2026-04'));
    answerApril(calendar({})(api.calls.at(-1) as FakeRequest));
    expect((await screen.findByTestId('calendar-total')).textContent).toMatch(/^0 posts/);

    fireEvent.click(screen.getByRole('button', { name: '‹ Previous month' }));
    await screen.findByText('3 posts this month (times in America/Chicago)');
    fireEvent.keyDown(grid, { key: 'ArrowUp' }); // March 1 → February 22
    await waitFor(() =>
      expect(screen.getByTestId('calendar-month').textContent).toBe('February 2026'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next month ›' }));
    await screen.findByText('3 posts this month (times in America/Chicago)');
    fireEvent.focus(screen.getByLabelText('Tuesday, March 10: 2 posts'));
    fireEvent.keyDown(grid, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/posts\//));
    expect(decodeId(router.state.location.pathname.split('/').at(-1))).toBe(501);
  });

  it('shows another company’s calendar when it is picked', async () => {
    const api = fakeApi({
      'GET /api/uni/dev/social-calendar/:companyId': calendar({
        '42:2026-03': MARCH,
        '11:2026-03': [
          post({ id: 620, product_id: 8001, day: '2026-03-17', summary: 'Whitening' }),
        ],
      }),
    });
    renderCalendar(staff([RUIZ, BRIGHT]));
    await screen.findByText('3 posts this month (times in America/Chicago)');
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '11' } });
    expect(await screen.findByText('1 post this month (times in America/Chicago)')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/api/uni/dev/social-calendar/11');
    expect(screen.getByLabelText('Tuesday, March 17: 1 post')).toBeTruthy();
  });

  it('asks for a company when there is none, and says why a calendar failed', async () => {
    const api = fakeApi({
      'GET /api/uni/dev/social-calendar/:companyId': () =>
        replyError(403, 'FORBIDDEN', 'You are not assigned to this client.'),
    });
    renderCalendar(staff([]));
    expect(await screen.findByText('Pick a company to see its calendar.')).toBeTruthy();
    expect(api.calls).toEqual([]);
    cleanup();

    renderCalendar(staff([RUIZ]));
    expect(
      await screen.findByText(
        'The calendar could not be loaded: You are not assigned to this client.',
      ),
    ).toBeTruthy();
  });
});
