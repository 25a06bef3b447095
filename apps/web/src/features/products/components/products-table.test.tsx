import { decodeId, type ProductInstance } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { ProductsTable } from './products-table';

afterEach(cleanup);

const product = (over: Partial<ProductInstance>): ProductInstance => ({
  id: 311,
  companyId: 42,
  slug: 'google-business-pro',
  name: 'Google Business Pro',
  status: 'active',
  startDate: '2025-03-01',
  monthlyPriceCents: 29_900,
  ...over,
});

const products: ProductInstance[] = [
  product({}),
  product({
    id: 312,
    slug: 'local-marketing-essentials',
    name: 'Local Marketing Essentials',
    startDate: '2025-06-15',
    monthlyPriceCents: 14_950,
  }),
  product({
    id: 313,
    slug: 'google-ads',
    name: 'Google Ads',
    status: 'paused',
    startDate: '2024-11-04',
    monthlyPriceCents: 50_000,
  }),
  product({
    id: 314,
    slug: 'website-hosting',
    name: 'Website Hosting',
    status: 'cancelled',
    startDate: '2023-01-09',
    monthlyPriceCents: 4_900,
  }),
];

describe('ProductsTable', () => {
  it('counts and totals only the active products', async () => {
    renderWithApp(<ProductsTable products={products} />);
    // $299.00 + $149.50; the paused and cancelled products are left out.
    expect(await screen.findByText('2 active products, $448.50 a month in total.')).toBeTruthy();
  });

  it('says "product" for one, and $0.00 when nothing is active', async () => {
    const { unmount } = renderWithApp(
      <ProductsTable products={[products[0] as ProductInstance]} />,
    );
    expect(await screen.findByText('1 active product, $299.00 a month in total.')).toBeTruthy();
    unmount();
    renderWithApp(<ProductsTable products={products.slice(2)} />);
    expect(await screen.findByText('0 active products, $0.00 a month in total.')).toBeTruthy();
  });

  it('lists every product with its status, start day, price and a link to its page', async () => {
    renderWithApp(<ProductsTable products={products} />);
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(4);
    const paused = rows[2] as HTMLElement;
    expect(within(paused).getByText('Paused')).toBeTruthy();
    expect(within(paused).getByText('11/04/2024')).toBeTruthy();
    expect(within(paused).getByText('$500.00')).toBeTruthy();

    const link = within(rows[1] as HTMLElement).getByRole('link', {
      name: 'Local Marketing Essentials',
    });
    const match = /^\/dashboard\/products\/local-marketing-essentials\/([^/]+)$/.exec(
      link.getAttribute('href') ?? '',
    );
    expect(match).not.toBeNull();
    // The id in the address is encoded, and decodes to the product's own id.
    expect(decodeId(match?.[1] ?? '')).toBe(312);
  });
});
