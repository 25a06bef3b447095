import type { LeadItem, LeadsPage } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { parseDollars } from '../leads-format';
import { LeadsCenter } from './leads-center';

afterEach(async () => {
  cleanup();
  await realtime.disconnect();
  vi.unstubAllGlobals();
});

const range = { from: '2026-11-01', to: '2026-11-29' };

const lead = (overrides: Partial<LeadItem>): LeadItem => ({
  id: 501,
  name: 'Dana Whitfield',
  phone: '+15125550147',
  email: 'dana.whitfield@example.com',
  sources: ['lsa', 'call'],
  firstSource: 'lsa',
  status: 'new',
  valueCents: null,
  repeat: false,
  firstTouchAt: '2026-11-20T15:10:00.000Z',
  lastTouchAt: '2026-11-21T16:00:00.000Z',
  touchCount: 3,
  ...overrides,
});

/** Harbor Smiles Orthodontics' leads of November: a named caller, a bare number, an email. */
const LEADS = [
  lead({}),
  lead({
    id: 502,
    name: null,
    phone: '+17375550192',
    email: null,
    sources: ['google_ads'],
    firstSource: 'google_ads',
    status: 'won',
    valueCents: 45_000,
    repeat: true,
    touchCount: 1,
  }),
  lead({
    id: 503,
    name: 'Marcus Lee',
    phone: null,
    email: 'marcus.lee@example.com',
    sources: ['form'],
    firstSource: 'form',
    status: 'contacted',
    valueCents: 125_050,
    touchCount: 1,
  }),
];

function page(request: FakeRequest, items = LEADS, total = items.length): LeadsPage {
  return {
    items,
    total,
    page: Number(request.query.get('page')),
    pageSize: Number(request.query.get('pageSize')),
    counts: {
      bySource: { lsa: 14, call: 22, google_ads: 9, facebook: 0, form: 4, manual: 0 },
      byStatus: { new: 11, contacted: 6, booked: 0, won: 3, lost: 0 },
      leads: 20,
    },
    lastIngestedAt: '2026-11-29T12:45:00.000Z',
  };
}

const show = () =>
  renderWithApp(<LeadsCenter companyId={4} range={range} timeZone="America/Chicago" />);

const asked = (api: ReturnType<typeof fakeApi>) =>
  api.calls.map((c) => Object.fromEntries(c.query.entries()));

describe('parseDollars', () => {
  it('reads dollars as cents, an empty field as no value, and anything else as not a value', () => {
    expect(parseDollars('450')).toBe(45_000);
    expect(parseDollars('$1,250.50')).toBe(125_050);
    expect(parseDollars(' 19.99 ')).toBe(1_999);
    expect(parseDollars('')).toBeNull();
    expect(parseDollars('  ')).toBeNull();
    expect(parseDollars('4.505')).toBeUndefined();
    expect(parseDollars('45o')).toBeUndefined();
    expect(parseDollars('-20')).toBeUndefined();
  });
});

describe('LeadsCenter', () => {
  it('asks for the range in the company’s zone, and lists each lead by its best contact', async () => {
    const api = fakeApi({ 'GET /api/uni/client/leads/:companyId': (r) => page(r) });
    show();
    const rows = await screen.findAllByTestId('lead-row');
    expect(api.calls[0]?.path).toBe('/api/uni/client/leads/4');
    expect(asked(api)[0]).toEqual({
      ...range,
      tz: 'America/Chicago',
      page: '1',
      pageSize: '25',
    });
    const strip = screen.getByRole('list', { name: 'Leads by source in this period' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Local Services Ads 14',
      'Tracked calls 22',
      'Google Ads 9',
      'Facebook ads 0',
      'Contact form 4',
      'Entered by hand 0',
    ]);
    expect(rows.map((row) => [...row.children].slice(1).map((cell) => cell.textContent))).toEqual([
      [
        'Dana Whitfield(512) 555-0147 · dana.whitfield@example.com',
        'Local Services Ads, Tracked calls (3 touches)',
        'New',
        '',
        'First-time',
      ],
      ['(737) 555-0192', 'Google Ads', 'Won', '$450.00', 'Repeat'],
      ['Marcus Leemarcus.lee@example.com', 'Contact form', 'Contacted', '$1,250.50', 'First-time'],
    ]);
    expect(screen.getByTestId('leads-total').textContent).toMatch(
      /^3 leads · sources read \d\d\/\d\d\/2026 \d{1,2}:\d\d [AP]M$/,
    );
  });

  it('filters by source, status and text, from the first page, and exports the same leads', async () => {
    const api = fakeApi({
      'GET /api/uni/client/leads/:companyId': (r) =>
        page(r, r.query.get('q') === 'whitfield' ? [LEADS[0] as LeadItem] : LEADS),
    });
    show();
    await screen.findAllByTestId('lead-row');
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'lsa' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'new' } });
    const search = screen.getByLabelText('Search name, phone, email or note');
    for (const typed of [' w', ' whit', '  whitfield ']) {
      fireEvent.change(search, { target: { value: typed } });
    }
    await waitFor(() => expect(screen.getAllByTestId('lead-row')).toHaveLength(1));
    expect(asked(api).at(-1)).toEqual({
      ...range,
      tz: 'America/Chicago',
      source: 'lsa',
      status: 'new',
      q: 'whitfield',
      page: '1',
      pageSize: '25',
    });
    // The search waits for a pause in typing: only the last text was asked for, trimmed.
    expect(asked(api).filter((q) => q.q !== undefined)).toHaveLength(1);
    const href = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    const [path, query] = href.split('?');
    expect(path).toBe('/api/uni/client/leads/4/export.csv');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      ...range,
      tz: 'America/Chicago',
      source: 'lsa',
      status: 'new',
      q: 'whitfield',
    });

    fireEvent.change(screen.getByLabelText('Source'), { target: { value: '' } });
    await waitFor(() => expect(asked(api).at(-1)).not.toHaveProperty('source'));
  });

  // An unnamed lead known only by its email shows it once: as the button's text.
  it('shows an unnamed lead’s only contact once', async () => {
    const emailOnly = lead({ id: 505, name: null, phone: null, email: 'marcus.lee@example.com' });
    fakeApi({ 'GET /api/uni/client/leads/:companyId': (r) => page(r, [emailOnly]) });
    show();
    const [row] = await screen.findAllByTestId('lead-row');
    expect(row?.children[1]?.textContent).toBe('marcus.lee@example.com');
  });

  it('tells an empty period from filters that match nothing', async () => {
    fakeApi({ 'GET /api/uni/client/leads/:companyId': (r) => page(r, []) });
    show();
    expect((await screen.findByTestId('leads-empty')).textContent).toMatch(
      /^No leads in this period yet\./,
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'lost' } });
    await waitFor(() =>
      expect(screen.getByTestId('leads-empty').textContent).toBe(
        'No leads match these filters in this period.',
      ),
    );
  });

  it('pages through the leads 25 at a time', async () => {
    const api = fakeApi({ 'GET /api/uni/client/leads/:companyId': (r) => page(r, LEADS, 60) });
    show();
    const pages = await screen.findByRole('navigation', { name: 'Lead pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked(api).at(-1)?.page).toBe('2'));
    expect(pages.textContent).toContain('Page 2 of 3');
  });

  it('shows why the leads could not be loaded', async () => {
    fakeApi({
      'GET /api/uni/client/leads/:companyId': () =>
        replyError(403, 'FORBIDDEN', 'You cannot see this company’s leads.'),
    });
    show();
    expect(
      await screen.findByText(
        /The leads could not be loaded: You cannot see this company’s leads\./,
      ),
    ).toBeTruthy();
  });

  it('refreshes when new leads of this company arrive, says how many, and marks them', async () => {
    // A stand-in for the browser's socket: the test opens it and feeds it messages.
    type Socket = {
      readyState: number;
      onopen?: () => void;
      onmessage?: (event: { data: string }) => void;
    };
    const sockets: Socket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class implements Socket {
        static CONNECTING = 0;
        static OPEN = 1;
        static CLOSED = 3;
        readyState = 0;
        onopen?: () => void;
        onmessage?: (event: { data: string }) => void;
        constructor() {
          sockets.push(this);
        }
        close() {
          this.readyState = 3;
        }
      },
    );
    let arrived = false;
    const api = fakeApi({
      'GET /api/uni/client/leads/:companyId': (r) =>
        page(
          r,
          arrived ? [lead({ id: 504, name: 'Priya Raman', sources: ['call'] }), ...LEADS] : LEADS,
        ),
    });
    show();
    await screen.findAllByTestId('lead-row');
    realtime.connect();
    const socket = sockets[0] as Socket;
    socket.readyState = 1;
    socket.onopen?.();
    const send = (payload: unknown) =>
      socket.onmessage?.({ data: JSON.stringify({ type: 'lead.arrived', payload }) });

    send({ companyId: 99, leadIds: [900], touched: 0 });
    arrived = true;
    send({ companyId: 4, leadIds: [504], touched: 1 });
    expect((await screen.findByTestId('leads-arrived')).textContent).toContain(
      '1 new lead arrived.',
    );
    const fresh = await screen.findByRole('button', { name: 'Priya Raman' });
    expect(fresh.closest('tr')?.className).toBe('table-info');
    expect(screen.getByRole('button', { name: 'Dana Whitfield' }).closest('tr')?.className).toBe(
      '',
    );
    expect(api.calls).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('leads-arrived')).toBeNull();
  });
});
