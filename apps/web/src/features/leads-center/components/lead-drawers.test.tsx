import type { LeadDetail, LeadItem, LeadsPage } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { downloadLeadRecording } from '../api/download-recording';
import { LeadDrawer } from './lead-drawer';
import { LeadsCenter } from './leads-center';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dana: LeadItem = {
  id: 501,
  name: 'Dana Whitfield',
  phone: '+15125550147',
  email: 'dana.whitfield@example.com',
  sources: ['lsa', 'call'],
  firstSource: 'lsa',
  status: 'contacted',
  valueCents: 45_000,
  repeat: false,
  firstTouchAt: '2026-11-20T15:10:00.000Z',
  lastTouchAt: '2026-11-21T16:00:00.000Z',
  touchCount: 2,
};

const detail: LeadDetail = {
  lead: dana,
  touches: [
    {
      id: 9_002,
      source: 'call',
      occurredAt: '2026-11-21T16:00:00.000Z',
      summary: 'Answered call, 3 min 12 s',
      fields: [],
      recording: null,
    },
    {
      id: 9_001,
      source: 'lsa',
      occurredAt: '2026-11-20T15:10:00.000Z',
      summary: 'Phone lead, 4 min 5 s',
      fields: [{ name: 'Job type', value: 'Invisalign consultation' }],
      recording: { kind: 'lsa', productId: 77, leadId: 310_045 },
    },
  ],
  events: [
    {
      id: 3,
      kind: 'note',
      at: '2026-11-22T10:00:00.000Z',
      by: 'Olivia Owner',
      from: null,
      to: null,
      text: 'Wants a Saturday slot',
    },
    {
      id: 1,
      kind: 'status',
      at: '2026-11-20T17:00:00.000Z',
      by: 'Olivia Owner',
      from: 'new',
      to: 'contacted',
      text: null,
    },
    {
      id: 2,
      kind: 'value',
      at: '2026-11-21T18:00:00.000Z',
      by: null,
      from: null,
      to: '45000',
      text: null,
    },
  ],
};

const emptyPage = (items: LeadItem[]): LeadsPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  counts: {
    bySource: { lsa: 1, call: 1, google_ads: 0, facebook: 0, form: 0, manual: 0 },
    byStatus: { new: 0, contacted: 1, booked: 0, won: 0, lost: 0 },
    leads: 1,
  },
  lastIngestedAt: null,
});

function openLead(update: FakeRoute) {
  const api = fakeApi({
    'GET /api/uni/client/leads/:companyId/lead/:leadId': () => detail,
    'PATCH /api/uni/client/leads/:companyId/lead/:leadId': update,
  });
  renderWithApp(<LeadDrawer companyId={4} leadId={501} onClose={() => {}} />);
  return api;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('the lead drawer', () => {
  it('shows the contact and the touches and changes in time order', async () => {
    openLead(() => detail);
    const drawer = await screen.findByTestId('lead-drawer');
    expect(screen.getByRole('dialog', { name: 'Dana Whitfield' })).toBeTruthy();
    expect(drawer.textContent).toContain('(512) 555-0147 · dana.whitfield@example.com');
    expect(drawer.textContent).toContain('First-time customer · Local Services Ads, Tracked calls');
    const items = within(screen.getByTestId('lead-timeline')).getAllByRole('listitem');
    expect(
      items.map((li) => li.textContent?.replace(/^\d\d\/\d\d\/2026 \d{1,2}:\d\d [AP]M/, '')),
    ).toEqual([
      expect.stringMatching(
        /^Local Services Ads: Phone lead, 4 min 5 sJob typeInvisalign consultation/,
      ),
      'Status: New → Contacted by Olivia Owner',
      'Tracked calls: Answered call, 3 min 12 s',
      'Value: none → $450.00',
      'Note: Wants a Saturday slot by Olivia Owner',
    ]);
    // Only the LSA touch has a recording to play.
    expect(
      screen.getAllByRole('button', { name: /^Play recording/ }).map((b) => b.closest('li')),
    ).toEqual([items[0]]);
  });

  it('refuses a save that changes nothing, or a value that is not dollars', async () => {
    const api = openLead(() => detail);
    await screen.findByTestId('lead-drawer');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('contacted');
    expect((screen.getByLabelText('Value (dollars)') as HTMLInputElement).value).toBe('450');
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Nothing changed: change the status or the value, or write a note.',
    );
    fireEvent.change(screen.getByLabelText('Value (dollars)'), { target: { value: '450.5.0' } });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText('Enter the value in dollars, such as 450 or 450.50.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Value (dollars)').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('sends only what changed, then shows the stored lead and clears the note', async () => {
    const api = openLead(({ data }) => ({
      ...detail,
      lead: { ...dana, status: data.status, valueCents: data.valueCents },
    }));
    await screen.findByTestId('lead-drawer');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'booked' } });
    fireEvent.change(screen.getByLabelText('Value (dollars)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Note'), {
      target: { value: '  Booked for Tue 9:00 AM ' },
    });
    fireEvent.click(saveButton());
    expect(await screen.findByTestId('lead-saved')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.data])).toEqual([
      [
        '/api/uni/client/leads/4/lead/501',
        { status: 'booked', valueCents: null, note: 'Booked for Tue 9:00 AM' },
      ],
    ]);
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('booked');

    fireEvent.change(screen.getByLabelText('Value (dollars)'), { target: { value: '1,250.50' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(api.calls.at(-1)?.data).toEqual({ valueCents: 125_050 });
  });

  it('shows why the server refused the change', async () => {
    openLead(() => replyError(409, 'CONFLICT', 'Someone else changed this lead; reload it.'));
    await screen.findByTestId('lead-drawer');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'won' } });
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone else changed this lead; reload it.',
    );
  });
});

describe('adding a lead by hand', () => {
  function serve(add: FakeRoute) {
    let added = false;
    const api = fakeApi({
      'GET /api/uni/client/leads/:companyId': () => emptyPage(added ? [dana] : []),
      'POST /api/uni/client/leads/:companyId': async (request) => {
        const answer = await add(request);
        added = !(answer && typeof answer === 'object' && 'status' in answer);
        return answer;
      },
    });
    renderWithApp(<LeadsCenter companyId={4} range={{ from: '2026-11-01', to: '2026-11-29' }} />);
    return api;
  }
  const form = async () => {
    await screen.findByTestId('leads-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add lead' }));
    return screen.findByRole('form', { name: 'Add a lead' });
  };
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the value, sends the filled fields only, and shows the new lead in the list', async () => {
    const api = serve(() => ({ ...detail, lead: { ...dana, id: 506 } }));
    const add = await form();
    type('Name', 'Priya Raman');
    type('Phone', '(512) 555-0188');
    type('Where the lead came from', 'Walk-in');
    type('Value (optional, in dollars)', '12 hundred');
    fireEvent.click(within(add).getByRole('button', { name: 'Add lead' }));
    expect(
      await screen.findByText('Enter the value in dollars, such as 450 or 450.50.'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    type('Value (optional, in dollars)', '1,250.50');
    fireEvent.click(within(add).getByRole('button', { name: 'Add lead' }));
    expect((await screen.findByTestId('lead-added')).textContent).toBe('The lead was added.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.data)).toEqual([
      { name: 'Priya Raman', channel: 'Walk-in', phone: '(512) 555-0188', valueCents: 125_050 },
    ]);
    expect(await screen.findByRole('button', { name: 'Dana Whitfield' })).toBeTruthy();
  });

  it('shows each refused field under it, and any other failure as an alert', async () => {
    let answer: unknown = reply(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        details: [
          { path: 'body.phone', message: 'Give a phone number or an email.' },
          { path: 'body.name', message: "Enter the lead's name." },
        ],
      },
    });
    serve(() => answer);
    const add = await form();
    fireEvent.click(within(add).getByRole('button', { name: 'Add lead' }));
    expect(await within(add).findByText('Give a phone number or an email.')).toBeTruthy();
    expect(within(add).getByText("Enter the lead's name.")).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(within(add).queryByRole('alert')).toBeNull();

    answer = replyError(500, 'INTERNAL', 'The leads center is being updated.');
    type('Name', 'Priya Raman');
    type('Email', 'priya.raman@example.com');
    fireEvent.click(within(add).getByRole('button', { name: 'Add lead' }));
    expect((await within(add).findByRole('alert')).textContent).toBe(
      'The leads center is being updated.',
    );
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('downloadLeadRecording', () => {
  it('asks the recording’s own source for audio, directly', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([0xff, 0xf3]), { headers: { 'content-type': 'audio/mpeg' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await downloadLeadRecording({ kind: 'ctm', productId: 12, callId: 8_841 });
    await downloadLeadRecording({ kind: 'lsa', productId: 77, leadId: 310_045 });
    const [ctm, lsa] = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect([ctm?.[0], ctm?.[1].method]).toEqual([
      '/api/uni/products/ctm/12/calls/8841/recording',
      undefined,
    ]);
    expect([lsa?.[0], lsa?.[1].method, JSON.parse(String(lsa?.[1].body))]).toEqual([
      '/api/lsa/calls/recording',
      'POST',
      { productId: 77, leadId: 310_045 },
    ]);
  });
});
