import type { BstacAccount, BstacQrCode, QrAnalytics, QrCode } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { QrCodesPage } from './qr-codes-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const code = (over: Partial<QrCode>): QrCode => ({
  id: 51,
  name: 'Storefront window',
  targetUrl: 'https://brightdental.example/menu',
  code: 'Xk3_p9QaZr',
  redirectUrl: 'https://pinpoint.test/q/Xk3_p9QaZr',
  status: 'active',
  createdAt: '2026-08-01T16:00:00.000Z',
  updatedAt: '2026-08-01T16:00:00.000Z',
  scans: 1,
  lastScanAt: '2026-11-20T18:30:00.000Z',
  ...over,
});

const frontDoor = code({});
const flyer = code({
  id: 52,
  name: 'Fall flyer',
  code: 'Lm8-QrT2vw',
  redirectUrl: 'https://pinpoint.test/q/Lm8-QrT2vw',
  targetUrl: 'https://brightdental.example/fall-special',
  scans: 1_204,
  lastScanAt: null,
});

const account: BstacAccount = {
  connected: true,
  organisation: '88412',
  status: 'needs_attention',
  lastSyncedAt: null,
  codes: 1,
};
const vendorCode: BstacQrCode = {
  id: 7,
  externalId: 'bq-1044',
  name: 'Counter stand',
  shortUrl: 'https://qr.page/g/3Fz9',
  targetUrl: 'https://g.page/r/bright-dental/review',
  state: 'P',
  updatedAt: '2026-11-01T12:00:00.000Z',
  syncedAt: '2026-11-28T12:00:00.000Z',
};

const noScans: QrAnalytics = {
  from: '2026-09-01',
  to: '2026-11-29',
  days: [],
  totals: { scans: 0, visitors: 0 },
  os: [],
  browsers: [],
  devices: [],
  cities: [],
  locations: [],
  vendorSyncedAt: null,
};

const BASE = '/api/uni/products/qrcodes/:productId';

function server(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    [`GET ${BASE}`]: ({ query }) =>
      query.get('status') === 'archived'
        ? { items: [], total: 0, page: 1, pageSize: 20, canEdit: true }
        : { items: [frontDoor, flyer], total: 45, page: 1, pageSize: 20, canEdit: true },
    'GET /api/beaconstac/account/:productId': () => account,
    'GET /api/beaconstac/qrcode/:productId': () => ({ items: [vendorCode] }),
    [`POST ${BASE}/analytics`]: () => noScans,
    ...routes,
  });
}

describe('QR codes page', () => {
  it('checks a new code before sending it, then creates it and says so', async () => {
    const api = server({
      [`POST ${BASE}`]: ({ data }) =>
        reply(201, code({ id: 53, name: String(data.name), targetUrl: String(data.targetUrl) })),
    });
    renderWithApp(<QrCodesPage productId={640} slug="local-marketing-essentials" />);
    expect(await screen.findByText(/^Local Marketing Essentials\. Each code/)).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create QR code' });

    fireEvent.click(create);
    expect(await screen.findByText('Give the code a name.')).toBeTruthy();
    expect(screen.getByText('Enter the web address the code should open.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Waiting room  ' } });
    fireEvent.change(screen.getByLabelText('Opens this address'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(create);
    expect(
      await screen.findByText('Only web addresses (https:// or http://) can be used.'),
    ).toBeTruthy();
    expect(screen.queryByText('Give the code a name.')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/640'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Opens this address'), {
      target: { value: ' https://brightdental.example/check-in ' },
    });
    fireEvent.click(create);
    expect(await screen.findByText('QR code “Waiting room” created.')).toBeTruthy();
    const posted = api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/640'));
    expect(posted?.data).toEqual({
      name: 'Waiting room',
      targetUrl: 'https://brightdental.example/check-in',
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s field message under the address', async () => {
    server({
      [`POST ${BASE}`]: () =>
        reply(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            details: [{ path: 'body.targetUrl', message: 'That host does not answer.' }],
          },
        }),
    });
    renderWithApp(<QrCodesPage productId={640} slug="local-marketing-essentials" />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Flyer' } });
    fireEvent.change(screen.getByLabelText('Opens this address'), {
      target: { value: 'https://gone.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByText('That host does not answer.')).toBeTruthy();
    expect(screen.queryByText(/The code could not be created/)).toBeNull();
  });

  it('lists the codes with their scans, pages them, and switches to the archived ones', async () => {
    const api = server();
    renderWithApp(<QrCodesPage productId={640} slug="local-marketing-essentials" />);
    const list = await screen.findByRole('list', { name: 'QR codes' });
    expect(within(list).getByText(/^1 scan, last \d\d\/\d\d\/2026/)).toBeTruthy();
    expect(within(list).getByText('1,204 scans')).toBeTruthy();
    expect(
      within(list).getByRole('img', {
        name: 'QR code “Fall flyer”, opening https://pinpoint.test/q/Lm8-QrT2vw',
      }),
    ).toBeTruthy();
    expect(
      within(list)
        .getByRole('link', { name: /^Download PNG\s*of Fall flyer$/ })
        .getAttribute('href'),
    ).toBe('/api/uni/products/qrcodes/640/52/image/png');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show archived codes' }));
    expect(await screen.findByText('No archived codes.')).toBeTruthy();
    const lists = api.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/640'));
    expect(lists.at(-1)?.query.toString()).toBe('status=archived&page=1');
    expect(screen.queryByText('Page 1 of 3')).toBeNull();
  });

  it('shows the Uniqode organisation, its state and its paused codes', async () => {
    server();
    renderWithApp(<QrCodesPage productId={640} slug="local-marketing-essentials" />);
    expect(await screen.findByText('Organisation 88412 (needs attention).')).toBeTruthy();
    const item = screen.getByText('Counter stand').closest('li') as HTMLElement;
    expect(item.textContent).toContain('→ https://g.page/r/bright-dental/review');
    expect(within(item).getByText('Paused')).toBeTruthy();
  });

  it('without edit rights: no form and no changes, only the codes and downloads', async () => {
    server({
      [`GET ${BASE}`]: () => ({
        items: [frontDoor],
        total: 1,
        page: 1,
        pageSize: 20,
        canEdit: false,
      }),
      'GET /api/beaconstac/account/:productId': () => ({
        ...account,
        connected: false,
        organisation: null,
        status: null,
      }),
    });
    renderWithApp(<QrCodesPage productId={640} slug="local-marketing-essentials" />);
    expect(await screen.findByRole('list', { name: 'QR codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create QR code' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Archive/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(
      await screen.findByText('This company has no Uniqode (Beaconstac) organisation connected.'),
    ).toBeTruthy();
  });
});

describe('one QR code', () => {
  it('changes where it leads (checked first), archives, and deletes only after confirming', async () => {
    const api = server({
      [`PUT ${BASE}/:id`]: ({ data }) => code({ targetUrl: String(data.targetUrl) }),
      [`POST ${BASE}/:id/:action`]: ({ params }) =>
        params.action === 'delete' ? { deleted: true } : code({ status: 'archived' }),
    });
    renderWithApp(<QrCodesPage productId={640} slug="local-marketing-essentials" />);
    fireEvent.click(
      await screen.findByRole('button', { name: /^Change address\s*of Storefront window$/ }),
    );
    const field = screen.getAllByLabelText('Opens this address')[1] as HTMLInputElement;
    expect(field.value).toBe('https://brightdental.example/menu');
    fireEvent.change(field, { target: { value: 'https://user:pw@brightdental.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The address must not contain a user name or password.'),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: 'https://brightdental.example/winter ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/uni/products/qrcodes/640/51',
      data: { targetUrl: 'https://brightdental.example/winter' },
    });

    fireEvent.click(screen.getByRole('button', { name: /^Archive\s*Fall flyer$/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Delete\s*Storefront window$/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete code and its scans' }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.method === 'POST' && !c.path.endsWith('/analytics'))
          .map((c) => c.path),
      ).toEqual([
        '/api/uni/products/qrcodes/640/52/archive',
        '/api/uni/products/qrcodes/640/51/delete',
      ]),
    );
  });
});
