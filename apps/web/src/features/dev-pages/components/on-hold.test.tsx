import { decodeId, type HeldPackage, type HeldProduct } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { PackagesOnHold } from './packages-on-hold';
import { ProductsOnHold } from './products-on-hold';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PRODUCTS: HeldProduct[] = [
  {
    product_id: 5521,
    product_slug: 'reviews-pro',
    product_name: 'Reviews Pro',
    company_id: 42,
    company_name: 'Ruiz Family Plumbing',
    status: 'on_hold',
    reason: 'Card declined twice',
    since: '2026-01-12',
    monthly_price_cents: 49_900,
  },
  {
    product_id: 5530,
    product_slug: 'google-ads',
    product_name: 'Google Ads',
    company_id: 11,
    company_name: 'Bright Smile Dental',
    status: 'paused',
    reason: null,
    since: null,
    monthly_price_cents: 150_000,
  },
];

const PACKAGES: HeldPackage[] = [
  {
    company_id: 42,
    company_name: 'Ruiz Family Plumbing',
    vertical: 'Plumbing',
    held: [
      { product_id: 5521, product_name: 'Reviews Pro', status: 'on_hold' },
      { product_id: 5522, product_name: 'Listings Sync', status: 'paused' },
    ],
    product_count: 4,
    whole: false,
    since: '2026-01-12',
    reasons: ['Card declined twice', 'Owner on vacation'],
    monthly_paused_cents: 79_800,
    package_monthly_cents: 199_600,
  },
  {
    company_id: 11,
    company_name: 'Bright Smile Dental',
    vertical: null,
    held: [{ product_id: 5530, product_name: 'Google Ads', status: 'paused' }],
    product_count: 1,
    whole: true,
    since: null,
    reasons: [],
    monthly_paused_cents: 150_000,
    package_monthly_cents: 150_000,
  },
];

const answer =
  <T,>(items: T[], total: number, monthly: number) =>
  () => ({ items, total, totals: { count: total, monthly_cents: monthly } });

const queryOf = (call: FakeRequest | undefined) => Object.fromEntries(call?.query ?? []);

describe('ProductsOnHold', () => {
  it('shows the revenue at stake and each held product with why and since when', async () => {
    const api = fakeApi({
      'GET /api/uni/dev/products-on-hold': answer(PRODUCTS, 2, 199_900),
    });
    renderWithApp(<ProductsOnHold />);
    expect((await screen.findByTestId('on-hold-totals')).textContent).toMatch(
      /^2 products on hold or paused, worth \$1,999\.00\/mo in monthly revenue paused\./,
    );
    expect(queryOf(api.calls[0])).toEqual({ sort: 'since', dir: 'asc', page: '1', pageSize: '25' });
    const [held, paused] = screen.getAllByTestId('held-product') as HTMLElement[];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(held as HTMLElement)).toEqual([
      'Ruiz Family Plumbing',
      'Reviews Pro',
      'On hold',
      'Card declined twice',
      expect.stringMatching(/^01\/12\/2026 \(\d+ days\)$/),
      '$499.00/mo',
    ]);
    expect(cells(paused as HTMLElement).slice(2, 5)).toEqual([
      'Paused',
      'Not recorded',
      'Not recorded',
    ]);
    const link = within(held as HTMLElement).getByRole('link', { name: 'Reviews Pro' });
    const [, slug, encoded] =
      /^\/dashboard\/products\/([^/]+)\/([^/]+)$/.exec(link.getAttribute('href') ?? '') ?? [];
    expect(slug).toBe('reviews-pro');
    expect(decodeId(encoded)).toBe(5521);
  });

  it('sorts by what and which way, each change from page 1', async () => {
    const api = fakeApi({
      'GET /api/uni/dev/products-on-hold': answer(PRODUCTS, 60, 2_400_000),
    });
    renderWithApp(<ProductsOnHold />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queryOf(api.calls.at(-1)).page).toBe('2'));
    const order = screen.getByLabelText('Order') as HTMLSelectElement;
    expect([...order.options].map((o) => o.text)).toEqual(['Oldest first', 'Newest first']);

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'revenue' } });
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1))).toEqual({
        sort: 'revenue',
        dir: 'asc',
        page: '1',
        pageSize: '25',
      }),
    );
    expect([...order.options].map((o) => o.text)).toEqual(['Ascending', 'Descending']);
    fireEvent.change(order, { target: { value: 'desc' } });
    await waitFor(() => expect(queryOf(api.calls.at(-1)).dir).toBe('desc'));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('says when nothing is on hold, and why the list failed', async () => {
    fakeApi({ 'GET /api/uni/dev/products-on-hold': answer([], 0, 0) });
    renderWithApp(<ProductsOnHold />);
    expect(await screen.findByText('No product of your clients is on hold.')).toBeTruthy();
    expect(screen.getByTestId('on-hold-totals').textContent).toMatch(/^0 products on hold/);
    cleanup();

    fakeApi({
      'GET /api/uni/dev/products-on-hold': () =>
        replyError(404, 'NOT_FOUND', 'This page exists only on dev hosts.'),
    });
    renderWithApp(<ProductsOnHold />);
    expect(
      await screen.findByText('The list could not be loaded: This page exists only on dev hosts.'),
    ).toBeTruthy();
  });
});

describe('PackagesOnHold', () => {
  it('shows each package held wholly or in part, with its products, reasons and revenue', async () => {
    const api = fakeApi({
      'GET /api/uni/dev/packages-on-hold': answer(PACKAGES, 2, 229_800),
    });
    renderWithApp(<PackagesOnHold />);
    expect((await screen.findByTestId('on-hold-totals')).textContent).toBe(
      '2 client packages with products on hold, worth $2,298.00/mo in monthly revenue paused.',
    );
    expect(api.calls[0]?.path).toBe('/api/uni/dev/packages-on-hold');
    const [part, whole] = screen.getAllByTestId('held-package') as HTMLElement[];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(part as HTMLElement)).toEqual([
      'Ruiz Family Plumbing',
      'Plumbing 2 of 4',
      'Reviews Pro (on hold)Listings Sync (paused)',
      'Card declined twice; Owner on vacation',
      expect.stringMatching(/^01\/12\/2026 \(\d+ days\)$/),
      '$798.00/moof $1,996.00/mo',
    ]);
    expect(cells(whole as HTMLElement).slice(1, 5)).toEqual([
      'Bundle Whole package',
      'Google Ads (paused)',
      'Not recorded',
      'Not recorded',
    ]);
  });

  it('says when no package is on hold', async () => {
    fakeApi({ 'GET /api/uni/dev/packages-on-hold': answer([], 0, 0) });
    renderWithApp(<PackagesOnHold />);
    expect(await screen.findByText('No package of your clients is on hold.')).toBeTruthy();
    expect(screen.getByTestId('on-hold-totals').textContent).toMatch(/^0 client packages/);
  });
});
