import { formatInstantDateTime, type VendorConnection } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ConnectionsCard } from './connections-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/uni/client/:id/connections';

const connection = (over: Partial<VendorConnection>): VendorConnection => ({
  id: 31,
  companyId: 42,
  vendor: 'google-business-profile',
  displayName: 'Hill Country Dental – Austin',
  status: 'connected',
  lastSyncedAt: '2026-11-29T06:00:00.000Z',
  externalAccount: 'accounts/118234/locations/99812',
  lastError: null,
  hasSecrets: true,
  syncs: [],
  ...over,
});

const profile = connection({});
const facebook = connection({
  id: 32,
  vendor: 'facebook-page',
  displayName: 'Hill Country Dental',
  status: 'needs_attention',
  lastSyncedAt: null,
  externalAccount: '104938271650',
  lastError: 'The page token expired on 11/20/2026.',
  hasSecrets: false,
});
const hosting = connection({
  id: 33,
  vendor: 'hosting',
  displayName: 'cPanel',
  status: 'disconnected',
  externalAccount: 'hcdental',
});

function server(items: VendorConnection[], routes: Record<string, FakeRoute> = {}) {
  return fakeApi({ [`GET ${BASE}`]: () => ({ items }), ...routes });
}

const row = (id: number) => screen.getByTestId(`connection-${id}`);

describe('connected accounts', () => {
  it('show a client each account’s status and last sync, and nothing to change', async () => {
    server([
      { ...profile, externalAccount: null },
      { ...facebook, externalAccount: null },
    ]);
    renderWithApp(<ConnectionsCard companyId={42} staff={false} />);
    const first = await screen.findByTestId('connection-31');
    expect(within(first).getByText('Google Business Profile')).toBeTruthy();
    expect(within(first).getByText('Hill Country Dental – Austin').textContent).toBe(
      'Hill Country Dental – Austin',
    );
    expect(within(first).getByText('Connected')).toBeTruthy();
    expect(
      within(first).getByText(`Last synced ${formatInstantDateTime('2026-11-29T06:00:00.000Z')}`),
    ).toBeTruthy();
    expect(within(row(32)).getByText('Needs attention')).toBeTruthy();
    expect(within(row(32)).getByText('The page token expired on 11/20/2026.')).toBeTruthy();
    expect(within(row(32)).getByText('Not synced yet')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('say so when there are none', async () => {
    server([]);
    renderWithApp(<ConnectionsCard companyId={42} staff={false} />);
    expect(await screen.findByText('No vendor account is connected yet.')).toBeTruthy();
  });

  it('let staff connect an account, checked before it is sent; an empty token is not sent', async () => {
    const api = server([profile], {
      [`POST ${BASE}`]: ({ data }) => reply(201, connection({ id: 34, ...data })),
    });
    renderWithApp(<ConnectionsCard companyId={42} staff />);
    expect(
      within(await screen.findByTestId('connection-31')).getByText(/accounts\/118234/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect an account' }));
    const form = screen.getByRole('form', { name: 'Connection' });
    fireEvent.change(within(form).getByLabelText('Vendor'), { target: { value: 'facebook-page' } });
    const account = within(form).getByLabelText('Account id');
    expect(account.getAttribute('placeholder')).toBe('Page id, e.g. 104938271650');

    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText('Enter the account id.')).toBeTruthy();
    fireEvent.change(account, { target: { value: 'page 104938271650' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(
      await within(form).findByText(
        'Use the id as the vendor shows it: letters, digits and / _ . : -',
      ),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(account, { target: { value: ' 104938271650 ' } });
    fireEvent.change(within(form).getByLabelText('Name shown to the client'), {
      target: { value: 'Hill Country Dental' },
    });
    fireEvent.change(within(form).getByLabelText('Access token'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Connection' })).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/uni/client/42/connections',
      data: {
        vendor: 'facebook-page',
        externalAccount: '104938271650',
        displayName: 'Hill Country Dental',
        status: 'connected',
      },
    });
    expect(api.calls.find((c) => c.method === 'POST')?.data).not.toHaveProperty('accessToken');
  });

  it('let staff edit an account: its vendor is fixed, a new token is sent, a refusal is shown', async () => {
    const answers = [replyError(409, 'CONFLICT', 'Another company uses this account.')];
    const api = server([profile, facebook], {
      [`PUT ${BASE}/:connectionId`]: ({ data }) =>
        answers.shift() ?? connection({ ...facebook, ...data }),
    });
    renderWithApp(<ConnectionsCard companyId={42} staff />);
    fireEvent.click(
      within(await screen.findByTestId('connection-32')).getByRole('button', { name: 'Edit' }),
    );
    const form = screen.getByRole('form', { name: 'Connection' });
    expect((within(form).getByLabelText('Vendor') as HTMLSelectElement).disabled).toBe(true);
    expect((within(form).getByLabelText('Account id') as HTMLInputElement).value).toBe(
      '104938271650',
    );
    expect(within(form).getByLabelText('Access token').getAttribute('placeholder')).toBe(
      'None stored',
    );
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'connected' } });
    fireEvent.change(within(form).getByLabelText('Access token'), {
      target: { value: 'EAAG-new-page-token' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save connection' }));
    expect(await within(form).findByText('Another company uses this account.')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Save connection' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Connection' })).toBeNull());
    const put = api.calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(2);
    expect(put[1]).toMatchObject({
      path: '/api/uni/client/42/connections/32',
      data: {
        vendor: 'facebook-page',
        externalAccount: '104938271650',
        status: 'connected',
        accessToken: 'EAAG-new-page-token',
      },
    });
  });

  it('let staff sync an account now, but not a disconnected one', async () => {
    const answers = [replyError(429, 'RATE_LIMITED', 'A sync ran a minute ago.')];
    const api = server([profile, hosting], {
      [`POST ${BASE}/:connectionId/sync`]: () =>
        answers.shift() ?? { queued: ['reviews', 'posts', 'media'] },
    });
    renderWithApp(<ConnectionsCard companyId={42} staff />);
    const sync = within(await screen.findByTestId('connection-31')).getByRole('button', {
      name: 'Sync now',
    });
    expect(
      (within(row(33)).getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(sync);
    expect(await screen.findByText('A sync ran a minute ago.')).toBeTruthy();
    fireEvent.click(sync);
    await waitFor(() => expect(screen.queryByText('A sync ran a minute ago.')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/uni/client/42/connections/31/sync',
      '/api/uni/client/42/connections/31/sync',
    ]);
  });

  // A name the shared schema refuses (over 200 characters) is said under its field.
  it('say why a name over 200 characters is refused', async () => {
    const api = server([profile]);
    renderWithApp(<ConnectionsCard companyId={42} staff />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect an account' }));
    const form = screen.getByRole('form', { name: 'Connection' });
    fireEvent.change(within(form).getByLabelText('Account id'), {
      target: { value: 'accounts/1/locations/2' },
    });
    fireEvent.change(within(form).getByLabelText('Name shown to the client'), {
      target: { value: 'x'.repeat(201) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Name shown to the client').className).toContain(
        'is-invalid',
      ),
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
