import type { AuthResponse } from '@pinpoint/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayNowButton } from './pay-now-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = { client_id: 4, name: 'Harbor Smiles Orthodontics', label: 'Harbor Smiles' };
function authOf(flags: { perm: boolean; admin: boolean }): AuthResponse {
  return {
    session: { exp: Date.now() + 3_600_000, lead: false, clients: [client], client, ...flags },
    user: {
      clientId: 4,
      index: 0,
      clientLabel: 'Harbor Smiles',
      client,
      email: 'owner@example.test',
      firstName: 'Olivia',
      lastName: 'Owner',
      lead: false,
      phoneExt: null,
      auth_type: 'password',
      ...flags,
    },
  };
}

/** The button under a route whose loader holds the session, as the dashboard's does. */
function renderFor(auth: AuthResponse, answer: { status: number; body: unknown }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => auth,
      element: (
        <PayNowButton
          companyId={4}
          invoiceId={77}
          invoiceNumber="PP-202609-4"
          amountCents={97_000}
        />
      ),
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, invalidate };
}

describe('Pay now', () => {
  it('pays the invoice for a client member and refreshes every billing query of the company', async () => {
    const { sent, invalidate } = renderFor(authOf({ perm: false, admin: false }), {
      status: 200,
      body: { kind: 'paid', invoiceId: 77, amountCents: 97_000, paidAt: '2026-11-25T03:00:00Z' },
    });
    const button = await screen.findByRole('button', {
      name: 'Pay now invoice PP-202609-4, $970.00',
    });
    fireEvent.click(button);
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['billing', 4] }));
    expect(sent).toEqual([
      {
        url: '/database/request',
        body: {
          method: 'POST',
          url: '/api/uni/client/billing/4/invoices/77/pay',
          data: { origin: window.location.origin },
        },
      },
    ]);
  });

  it('says why a payment was refused', async () => {
    renderFor(authOf({ perm: false, admin: true }), {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Invoice PP-202609-4 is already paid.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Pay now/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invoice PP-202609-4 is already paid.',
    );
  });

  it('is not offered to the agency’s employees: paying is the client’s decision', async () => {
    renderFor(authOf({ perm: true, admin: false }), { status: 200, body: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
