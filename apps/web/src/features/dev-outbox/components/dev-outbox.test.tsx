import type { DevOutboxRow } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { DevOutbox } from './dev-outbox';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACTIVATION: DevOutboxRow = {
  id: 31,
  channel: 'email',
  purpose: 'activation',
  company_id: 42,
  to: 'marco.ruiz@ruizplumbing.com',
  from: 'Pinpoint <no-reply@pinpointlocal.com>',
  subject: 'Activate your Pinpoint account',
  summary: 'Activate your Pinpoint account',
  created_at: '2026-03-20T14:05:00.000Z',
  sent: false,
};
const REVIEW_SMS: DevOutboxRow = {
  id: 30,
  channel: 'sms',
  purpose: 'review-request',
  company_id: 42,
  to: '+15125550134',
  from: '+15125550100',
  subject: null,
  summary: 'Hi Jordan! Thanks for choosing Ruiz Family Plumbing.',
  created_at: '2026-03-20T13:00:00.000Z',
  sent: false,
};
const BLANK_SMS: DevOutboxRow = { ...REVIEW_SMS, id: 29, to: '+17375550199', summary: '' };

/** `total` kept messages, filtered and paged like the server does. */
const outbox =
  (total: number) =>
  ({ query }: FakeRequest) => {
    const rows = [ACTIVATION, REVIEW_SMS, BLANK_SMS];
    const all = Array.from({ length: total }, (_, i) => {
      const row = rows[i % 3] as DevOutboxRow;
      return i < 3 ? row : { ...row, id: 100 + i };
    });
    const q = query.get('q') ?? '';
    const matching = all.filter(
      (row) =>
        (!query.get('channel') || row.channel === query.get('channel')) &&
        (!query.get('purpose') || row.purpose === query.get('purpose')) &&
        row.to.includes(q),
    );
    const page = Number(query.get('page'));
    const size = Number(query.get('pageSize'));
    return {
      items: matching.slice((page - 1) * size, page * size),
      total: matching.length,
      page,
      pageSize: size,
      purposes: ['activation', 'review-request'],
      sent: false,
    };
  };

const queryOf = (call: FakeRequest | undefined) => Object.fromEntries(call?.query ?? []);

describe('DevOutbox', () => {
  it('lists kept messages as not sent, and pages them', async () => {
    const api = fakeApi({ 'GET /api/uni/system/outbox': outbox(30) });
    renderWithApp(<DevOutbox />);
    const table = await screen.findByLabelText('Kept messages (not sent)');
    expect(screen.getByText('Not sent — kept in the dev outbox.')).toBeTruthy();
    expect(queryOf(api.calls[0])).toEqual({ page: '1', pageSize: '25' });
    const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')];
    expect(rows).toHaveLength(25);
    const [email, sms, blank] = rows;
    expect(email?.cells[0]?.textContent).toBe('Email');
    expect(sms?.cells[0]?.textContent).toBe('SMS');
    expect(within(blank as HTMLElement).getByText('(no text)').tagName).toBe('BUTTON');
    expect(within(table).getAllByText('Not sent')).toHaveLength(25);
    const purpose = screen.getByLabelText('Purpose') as HTMLSelectElement;
    expect([...purpose.options].map((o) => o.text)).toEqual([
      'All purposes',
      'activation',
      'review-request',
    ]);

    fireEvent.click(screen.getByText('Next'));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(queryOf(api.calls.at(-1))).toEqual({ page: '2', pageSize: '25' });
  });

  it('filters by channel, purpose and recipient, each from page 1', async () => {
    const api = fakeApi({ 'GET /api/uni/system/outbox': outbox(30) });
    renderWithApp(<DevOutbox />);
    fireEvent.click(await screen.findByText('Next'));
    await screen.findByText('Page 2 of 2');

    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'sms' } });
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1))).toEqual({ page: '1', pageSize: '25', channel: 'sms' }),
    );
    fireEvent.change(screen.getByLabelText('Purpose'), { target: { value: 'review-request' } });
    fireEvent.change(screen.getByLabelText('Search by recipient'), {
      target: { value: ' +1737 ' },
    });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1))).toEqual({
        page: '1',
        pageSize: '25',
        channel: 'sms',
        purpose: 'review-request',
        q: '+1737',
      }),
    );
    await waitFor(() => expect(screen.getAllByText('(no text)').length).toBeGreaterThan(0));
    expect(screen.queryByText(/Thanks for choosing/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'email' } });
    expect(await screen.findByText('No kept messages match these filters.')).toBeTruthy();
  });

  it('opens a message with its headers, its text and its HTML in a sandbox', async () => {
    const html =
      '<p>Hi Marco,</p><p><a href="https://app.pinpointlocal.com/activate?token=abc">Activate</a></p>';
    const api = fakeApi({
      'GET /api/uni/system/outbox': outbox(3),
      'GET /api/uni/system/outbox/:id': ({ params }) =>
        params.id === '31'
          ? {
              ...ACTIVATION,
              text: 'Hi Marco,\nActivate your account: https://app.pinpointlocal.com/activate?token=abc',
              html,
              headers: { 'Reply-To': 'support@pinpointlocal.com' },
            }
          : { ...REVIEW_SMS, text: REVIEW_SMS.summary, html: null, headers: {} },
    });
    renderWithApp(<DevOutbox />);
    const table = await screen.findByRole('table', { name: 'Kept messages (not sent)' });
    fireEvent.click(
      within(table).getAllByRole('button', {
        name: 'Activate your Pinpoint account',
      })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Activate your Pinpoint account' });
    expect(await within(dialog).findByText(/This email was kept in the dev outbox/)).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe('/api/uni/system/outbox/31');
    expect(within(dialog).getByText('Pinpoint <no-reply@pinpointlocal.com>')).toBeTruthy();
    expect(within(dialog).getByText('Reply-To').nextElementSibling?.textContent).toBe(
      'support@pinpointlocal.com',
    );
    expect(within(dialog).getByText('Text part').nextElementSibling?.textContent).toBe(
      'Hi Marco,\nActivate your account: https://app.pinpointlocal.com/activate?token=abc',
    );
    const frame = within(dialog).getByTitle('HTML part (sandboxed)');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the message' }));
    fireEvent.click(
      within(table).getAllByRole('button', { name: REVIEW_SMS.summary })[0] as HTMLElement,
    );
    const text = await screen.findByText(/This text was kept in the dev outbox/);
    expect(text).toBeTruthy();
    expect(screen.queryByTitle('HTML part (sandboxed)')).toBeNull();
  });

  it('says why the list or a message could not be loaded', async () => {
    fakeApi({
      'GET /api/uni/system/outbox': () =>
        replyError(403, 'FORBIDDEN', 'The dev outbox is for staff only.'),
    });
    renderWithApp(<DevOutbox />);
    expect(
      await screen.findByText(
        'The dev outbox could not be loaded: The dev outbox is for staff only.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    fakeApi({
      'GET /api/uni/system/outbox': outbox(3),
      'GET /api/uni/system/outbox/:id': () =>
        replyError(404, 'NOT_FOUND', 'This message was cleared from the outbox.'),
    });
    renderWithApp(<DevOutbox />);
    const table = await screen.findByRole('table', { name: 'Kept messages (not sent)' });
    fireEvent.click(
      within(table).getAllByRole('button', {
        name: 'Activate your Pinpoint account',
      })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('This message was cleared from the outbox.'),
    ).toBeTruthy();
  });
});
