import { formatInstantDateTime, type SolicitationRequestDetail } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { RequestDrawer } from './request-drawer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REQUEST = 'GET /api/uni/products/reviewsolicitation/:productId/requests/:requestId';

const detail: SolicitationRequestDetail = {
  request: {
    id: 9051,
    contactName: 'Maria Lopez',
    phone: '•••-•••-0134',
    email: 'm•••@example.com',
    sendType: 'both',
    status: 'reviewed',
    createdAt: '2026-11-20T16:00:00.000Z',
    scheduledFor: '2026-11-20T16:00:00.000Z',
    sentAt: '2026-11-20T16:00:05.000Z',
    deliveredAt: '2026-11-20T16:00:09.000Z',
    clickedAt: '2026-11-20T18:12:00.000Z',
    reviewedAt: '2026-11-21T09:30:00.000Z',
    failureReason: null,
  },
  templateName: null,
  consent: { at: '2026-11-20T15:59:00.000Z', source: 'csv' },
  contactTimeZone: 'America/Denver',
  fromBatch: true,
  messages: [
    {
      id: 1,
      channel: 'sms',
      to: '•••-•••-0134',
      status: 'delivered',
      sendAfter: '2026-11-20T16:00:00.000Z',
      attempts: 1,
      sentAt: '2026-11-20T16:00:05.000Z',
      deliveredAt: '2026-11-20T16:00:09.000Z',
      failedAt: null,
      failureReason: null,
    },
    {
      id: 2,
      channel: 'email',
      to: 'm•••@example.com',
      status: 'failed',
      sendAfter: '2026-11-20T16:00:00.000Z',
      attempts: 3,
      sentAt: null,
      deliveredAt: null,
      failedAt: '2026-11-20T16:30:00.000Z',
      failureReason: 'Mailbox full',
    },
  ],
  events: [
    { id: 11, type: 'created', at: '2026-11-20T16:00:00.000Z', channel: null, note: null },
    { id: 12, type: 'delivered', at: '2026-11-20T16:00:09.000Z', channel: 'sms', note: null },
    {
      id: 13,
      type: 'retrying',
      at: '2026-11-20T16:10:00.000Z',
      channel: 'email',
      note: 'Mailbox full; trying again in 10 minutes.',
    },
    { id: 14, type: 'review-matched', at: '2026-11-21T09:30:00.000Z', channel: null, note: null },
  ],
};

describe('one review request', () => {
  it('shows its status, consent, messages and timeline in words', async () => {
    const api = fakeApi({ [REQUEST]: () => detail });
    const onClose = vi.fn();
    renderWithApp(
      <RequestDrawer productId={321} requestId={9051} name="Maria Lopez" onClose={onClose} />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Review request: Maria Lopez' });
    expect((await within(drawer).findByTestId('drawer-status')).textContent).toBe('Reviewed');
    expect(api.calls[0]?.path).toBe('/api/uni/products/reviewsolicitation/321/requests/9051');
    expect(within(drawer).getByText('Removed')).toBeTruthy();
    expect(
      within(drawer).getByText(
        `Confirmed with a CSV upload, ${formatInstantDateTime('2026-11-20T15:59:00.000Z')}`,
      ),
    ).toBeTruthy();
    expect(within(drawer).getByText('America/Denver')).toBeTruthy();
    expect(within(drawer).getByText('(Mailbox full)').closest('li')?.textContent).toBe(
      'Email to m•••@example.com: failed (Mailbox full)',
    );

    const timeline = within(drawer).getByTestId('request-timeline');
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((entry) => entry.lastElementChild?.textContent),
    ).toEqual([
      'Request created',
      'Delivered (SMS)',
      'Mailbox full; trying again in 10 minutes.',
      // An event type the page does not know yet reads as the server names it.
      'review-matched',
    ]);
    expect(within(timeline).getByText('Will retry')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close the request' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says why the request could not be loaded', async () => {
    fakeApi({ [REQUEST]: () => replyError(404, 'NOT_FOUND', 'No such request.') });
    renderWithApp(<RequestDrawer productId={321} requestId={1} name="" onClose={() => {}} />);
    expect(
      await screen.findByText(/The request could not be loaded: No such request\./),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Review request' })).toBeTruthy();
  });
});
