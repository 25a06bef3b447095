import { encodeId, type ProductPage } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ProductFrame } from './product-frame';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = encodeId(21);
const item: ProductPage = {
  product: {
    id: 21,
    companyId: 4,
    slug: 'google-business-pro',
    name: 'Google Business Pro – South Lamar',
    status: 'paused',
    startDate: '2025-03-01',
    monthlyPriceCents: 29_900,
  },
  company: { id: 4, name: 'Harbor Smiles Orthodontics', timeZone: 'America/Chicago' },
  connectionId: 301,
};

function frame(answer: FakeRoute, slug = 'google-business-pro', sub = 'posts') {
  const api = fakeApi({ 'GET /api/uni/products/item/:productId': answer });
  renderWithApp(
    <ProductFrame slug={slug} productId={21} encodedId={ID}>
      <h1>The sub-page</h1>
    </ProductFrame>,
    { path: `/dashboard/products/${slug}/${ID}/${sub}` },
  );
  return api;
}

describe('ProductFrame', () => {
  it('names the product from the catalog at once, then as the instance is called', async () => {
    let release: (value: ProductPage) => void = () => {};
    const api = frame(() => new Promise<ProductPage>((resolve) => (release = resolve)));
    const bar = await screen.findByTestId('product-frame');
    expect(bar.textContent).toMatch(/^Google Business Pro/);
    expect(screen.getByRole('heading', { name: 'The sub-page' })).toBeTruthy();
    release(item);
    expect(await within(bar).findByText('Google Business Pro – South Lamar')).toBeTruthy();
    expect(within(bar).getByText('Paused')).toBeTruthy();
    expect(within(bar).getByText('Harbor Smiles Orthodontics')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Product page' }).getAttribute('href')).toBe(
      `/dashboard/products/google-business-pro/${ID}`,
    );
    expect(api.calls.map((c) => c.path)).toEqual(['/api/uni/products/item/21']);
  });

  it('links each of the product’s sub-pages and marks the one shown', async () => {
    frame(() => item);
    const nav = await screen.findByRole('navigation', {
      name: 'Google Business Pro – South Lamar pages',
    });
    const tabs = within(nav).getAllByRole('link');
    expect(
      tabs.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]),
    ).toEqual([
      ['Questions & answers', `/dashboard/products/google-business-pro/${ID}/qa`, null],
      ['Reviews', `/dashboard/products/google-business-pro/${ID}/reviews`, null],
      ['Listings', `/dashboard/products/google-business-pro/${ID}/listings`, null],
      ['Posts', `/dashboard/products/google-business-pro/${ID}/posts`, 'page'],
      ['Photos', `/dashboard/products/google-business-pro/${ID}/photos`, null],
    ]);
  });

  it('shows no sub-page of a product the user may not see, or that does not exist', async () => {
    for (const answer of [
      replyError(403, 'FORBIDDEN', 'Not your product.'),
      replyError(404, 'NOT_FOUND', 'No such product.'),
    ]) {
      frame(() => answer);
      expect(await screen.findByRole('heading', { name: 'Product not available' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See your products' }).getAttribute('href')).toBe(
        '/dashboard/products',
      );
      expect(screen.queryByRole('heading', { name: 'The sub-page' })).toBeNull();
      cleanup();
    }
  });

  it('is not found when the address names another product than the id’s', async () => {
    frame(() => item, 'facebook-pro', 'reviews');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The sub-page' })).toBeNull();
  });

  it('keeps the sub-page when the details fail for another reason, and says why', async () => {
    frame(() => replyError(503, 'SERVICE_UNAVAILABLE', 'The database is restarting.'));
    expect(
      await screen.findByText(
        "The product's details could not be loaded: The database is restarting.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The sub-page' })).toBeTruthy();
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toContain('Posts');
  });
});
