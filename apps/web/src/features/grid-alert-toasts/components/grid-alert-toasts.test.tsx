import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime';
import { FakeSocket } from '../../../testing/fake-socket';
import { GridAlertToasts } from './grid-alert-toasts';

afterEach(() => {
  cleanup();
  void realtime.disconnect();
  vi.unstubAllGlobals();
});

const alert = (id: number, title: string) => ({
  id,
  companyId: 7,
  scanId: 40 + id,
  rule: 'atrp_worse',
  quadrant: null,
  title,
  createdAt: '2025-03-10T12:00:00.000Z',
});

describe('GridAlertToasts', () => {
  it('shows a grid alert as a polite toast linking to My alerts, once per alert', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    realtime.connect();
    const socket = FakeSocket.last as FakeSocket;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/overview']}>
          <GridAlertToasts />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const send = (payload: unknown) =>
      act(() =>
        socket.onmessage?.({ data: JSON.stringify({ type: 'grid-alert.created', payload }) }),
      );
    send(alert(1, 'ATRP got worse for plumber'));
    send(alert(1, 'ATRP got worse for plumber'));

    const region = screen.getByRole('status', { name: 'Alerts' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(await screen.findAllByText('ATRP got worse for plumber')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open My alerts' }).getAttribute('href')).toBe(
      '/dashboard/my-alerts',
    );
    // The toast itself does not shout over the page (react-bootstrap makes it role="alert").
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this alert' }));
    expect(screen.queryByText('ATRP got worse for plumber')).toBeNull();
  });
});
