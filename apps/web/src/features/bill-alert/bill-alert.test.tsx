import type { BillAlert } from '@pinpoint/contracts';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../lib/realtime';
import { fakeApi } from '../../testing/fake-api';
import { FakeSocket } from '../../testing/fake-socket';
import { renderWithApp } from '../../testing/render';
import { billAlertKey } from './api/get-bill-alert';
import { overdueInvoices, overdueSentence } from './bill-alert-text';
import { BillAlertBadge } from './components/bill-alert-badge';
import { BillAlertBanner } from './components/bill-alert-banner';

afterEach(() => {
  cleanup();
  void realtime.disconnect();
  vi.unstubAllGlobals();
});

const overdue = (count: number, totalCents: number, oldestDueOn: string | null): BillAlert => ({
  count,
  totalCents,
  oldestDueOn,
});

describe('bill alert text', () => {
  it('counts overdue invoices in words', () => {
    expect(overdueInvoices(1)).toBe('1 overdue invoice');
    expect(overdueInvoices(3)).toBe('3 overdue invoices');
  });

  it('says how many, how much and since when', () => {
    expect(overdueSentence(overdue(1, 97_000, '2026-10-01'))).toBe(
      '1 invoice is overdue ($970.00 since 10/01/2026).',
    );
    expect(overdueSentence(overdue(2, 123_456, null))).toBe('2 invoices are overdue ($1,234.56).');
  });
});

describe('BillAlertBadge', () => {
  it('links to Billing with the count, capped at 99+', async () => {
    fakeApi({
      'GET /api/uni/client/billing/:id/alert': () => overdue(120, 9_900_000, '2025-01-05'),
    });
    renderWithApp(<BillAlertBadge companyId={42} />, { path: '/dashboard/overview' });
    const badge = await screen.findByRole('link', { name: 'Billing: 120 overdue invoices' });
    expect(badge.getAttribute('href')).toBe('/dashboard/billing');
    expect(badge.textContent).toBe('$99+');
  });

  it('shows nothing while nothing is overdue', async () => {
    const api = fakeApi({ 'GET /api/uni/client/billing/:id/alert': () => overdue(0, 0, null) });
    renderWithApp(
      <>
        <p>Top bar</p>
        <BillAlertBadge companyId={42} />
      </>,
      { path: '/dashboard/overview' },
    );
    await screen.findByText('Top bar');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByTestId('bill-alert-badge')).toBeNull();
  });

  it('reads the alert again on another page, and at once when the company’s billing changed', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    realtime.connect();
    const socket = FakeSocket.last as FakeSocket;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    const answers = [overdue(2, 194_000, '2026-02-01'), overdue(1, 97_000, '2026-03-01')];
    const api = fakeApi({
      'GET /api/uni/client/billing/:id/alert': () => answers.shift() ?? overdue(0, 0, null),
    });
    const { router, queryClient } = renderWithApp(<BillAlertBadge companyId={42} />, {
      path: '/dashboard/overview',
    });
    await screen.findByRole('link', { name: 'Billing: 2 overdue invoices' });
    expect(api.calls[0]?.params.id).toBe('42');

    await act(() => router.navigate('/dashboard/billing'));
    expect(await screen.findByRole('link', { name: 'Billing: 1 overdue invoice' })).toBeTruthy();
    expect(api.calls).toHaveLength(2);

    const send = (companyId: number) =>
      act(() =>
        socket.onmessage?.({
          data: JSON.stringify({ type: 'billing.changed', payload: { companyId } }),
        }),
      );
    send(77);
    expect(queryClient.getQueryState(billAlertKey(42))?.isInvalidated).toBe(false);
    send(42);
    await waitFor(() => expect(screen.queryByTestId('bill-alert-badge')).toBeNull());
    expect(api.calls).toHaveLength(3);
  });
});

describe('BillAlertBanner', () => {
  it('says what is overdue and where to pay it', async () => {
    fakeApi({ 'GET /api/uni/client/billing/:id/alert': () => overdue(1, 97_000, '2026-03-01') });
    renderWithApp(<BillAlertBanner companyId={42} />, { path: '/dashboard/overview' });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      '1 invoice is overdue ($970.00 since 03/01/2026). Pay it on the Billing page.',
    );
  });

  it('on the billing page, only states the sum', async () => {
    fakeApi({ 'GET /api/uni/client/billing/:id/alert': () => overdue(3, 291_000, '2026-01-01') });
    renderWithApp(<BillAlertBanner companyId={42} />, { path: '/dashboard/billing' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '3 invoices are overdue ($2,910.00 since 01/01/2026).',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
