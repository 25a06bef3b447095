import { encodeId, findProduct, PRODUCTS } from '@pinpoint/contracts';
import { type Browser, chromium, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_PORT } from './ports';
import { logIn } from './session';

const port = E2E_PORT;

const notFound = (page: Page) =>
  expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

test.describe('the dashboard route table', () => {
  test('pages carry encoded ids; a malformed id shows not-found inside the dashboard', async ({
    page,
    pageProblems,
  }) => {
    // A well-formed id of no scan is answered 404 on purpose.
    pageProblems.expectErrorAnswer(404, 'No such scan.');
    await logIn(page, 'client@demo.pinpoint.local');
    // A well-formed id reaches the page, which then says the scan is not this client's.
    await page.goto(`/dashboard/local-rank-grid/view/${encodeId(99_999_999)}`);
    await expect(page.getByRole('heading', { name: 'Rank grid' })).toBeVisible();
    await expect(page.getByText('This scan does not exist or is not one of yours.')).toBeVisible();

    for (const bad of ['42', 'abc+9-xxxxxxxxxx', `${encodeId(42)}x`]) {
      await page.goto(`/dashboard/local-rank-grid/view/${bad}`);
      await notFound(page);
      await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    }
  });

  test('product pages know the catalog', async ({ page, pageProblems }) => {
    // A well-formed id of no product is refused by the server on purpose.
    pageProblems.expectErrorAnswer(403, 'You do not have access to this.');
    await logIn(page, 'owner@demo.pinpoint.local');
    // One of the owner's products that has a reviews page, as the API lists them.
    const { clients } = await (await page.request.get('/api/uni/user/clients')).json();
    let product: { id: number; slug: string; name: string } | undefined;
    for (const client of clients as { id: number }[]) {
      const { items } = await (
        await page.request.get(`/api/uni/client/products/${client.id}`)
      ).json();
      product ??= (items as { id: number; slug: string; name: string }[]).find((p) =>
        findProduct(p.slug)?.subPages.some((sub) => sub === 'reviews'),
      );
    }
    if (!product) throw new Error('the owner has no product with reviews');
    await page.goto(`/dashboard/products/${product.slug}/${encodeId(product.id)}/reviews`);
    await expect(page.getByRole('heading', { name: `${product.name}: Reviews` })).toBeVisible();
    await page.goto(`/dashboard/products/not-a-product/${encodeId(product.id)}/reviews`);
    await notFound(page);
    // The product page sits outside the dashboard layout, with a top bar of its own.
    await page.goto(`/dashboard/products/google-ads/${encodeId(99_999_999)}`);
    await expect(page.getByTestId('product-refused')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  });

  test('every product sub-page, the ads, website and calls product pages, QR codes and the posts pages are built, not placeholders', async ({
    page,
  }) => {
    test.slow(); // about forty pages, each with its own data
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    // The admin sees every company, so every product of the demo agency is reachable.
    await logIn(page, 'admin@demo.pinpoint.local');
    const { clients } = await (await page.request.get('/api/uni/user/clients')).json();
    const products: { id: number; slug: string }[] = [];
    for (const client of clients as { id: number }[]) {
      const { items } = await (
        await page.request.get(`/api/uni/client/products/${client.id}`)
      ).json();
      products.push(...(items as { id: number; slug: string }[]));
    }
    // Every sub-page of every product is built: the Google products' `listings` page is the
    // profile listing, the listings products' the directory scan (issue 18).
    const built = ['reviews', 'posts', 'photos', 'qa', 'listings', 'all-ads'];
    const isBuilt = (_slug: string, sub: string) => built.includes(sub);
    const expected = PRODUCTS.flatMap((product) =>
      product.subPages
        .filter((sub) => isBuilt(product.slug, sub))
        .map((sub) => `${product.slug}/${sub}`),
    );
    const visits: string[] = ['/dashboard/products/posts'];
    const seen = new Set<string>();
    for (const product of products) {
      for (const sub of findProduct(product.slug)?.subPages ?? []) {
        const key = `${product.slug}/${sub}`;
        if (!isBuilt(product.slug, sub) || seen.has(key)) continue;
        seen.add(key);
        visits.push(`/dashboard/products/${product.slug}/${encodeId(product.id)}/${sub}`);
      }
    }
    // The four Google products' five pages, Facebook Pro's reviews and posts, both listings
    // products' listings and photos, Google Ads' and Ads Xpress' all-ads.
    expect([...seen].sort()).toEqual([...expected].sort());
    expect(expected).toHaveLength(4 * 5 + 2 + 2 * 2 + 2);
    // And one post's own page, as the posts list links it.
    const withPosts = products.find((p) => p.slug === 'local-marketing-essentials');
    if (!withPosts) throw new Error('the demo agency has no Local Marketing Essentials product');
    const { items: posts } = await (
      await page.request.get(`/api/uni/products/socialposts/${withPosts.id}?pageSize=1`)
    ).json();
    const post = (posts as { id: number }[])[0];
    if (!post) throw new Error('that product has no posts');
    visits.push(
      `/dashboard/products/local-marketing-essentials/posts/${encodeId(withPosts.id)}/${encodeId(post.id)}`,
    );
    // Issue 17: the ads products' pages (their reports), the ad spec, the ads estimator and
    // the performance report.
    // Issue 18: the five website products' pages and Google Calls Advisor's (its calls).
    const withReports = [
      ...['google-ads', 'ads-xpress', 'local-services-ads', 'facebook-ads'],
      ...['webworx-professional', 'website-hosting', 'powerpage', 'website', 'omgincontact'],
      'google-calls-advisor',
    ];
    for (const slug of withReports) {
      const product = products.find((p) => p.slug === slug);
      if (!product) throw new Error(`the demo agency has no ${slug} product`);
      visits.push(`/dashboard/products/${slug}/${encodeId(product.id)}`);
    }
    // QR codes: every product has the page (the first product of the demo agency here).
    const first = products[0];
    if (!first) throw new Error('the demo agency has no products');
    visits.push(`/dashboard/products/${first.slug}/qr-codes/${encodeId(first.id)}`);
    visits.push(
      '/dashboard/products/ad-spec',
      '/dashboard/employee/ads-estimator',
      '/dashboard/performance-report',
      // Issue 19: what the client got back and what it paid.
      '/dashboard/leads-center',
      '/dashboard/roi-center',
      '/dashboard/billing',
    );
    // Issue 20: a Google product's review requests, by both of its addresses.
    const asked = products.find((p) => p.slug === 'google-business-pro');
    if (!asked) throw new Error('the demo agency has no Google Business Pro product');
    visits.push(
      `/dashboard/review-solicitation/${encodeId(asked.id)}?tab=history`,
      `/dashboard/review-solicitation/google-business-pro/${encodeId(asked.id)}`,
    );
    for (const path of visits) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('This section is not available yet.')).toHaveCount(0);
      await expect(page.getByText('Loading the report…')).toHaveCount(0);
      await expect(page.getByText("This product's report is coming")).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });

  test('employee and admin pages are not found for a client; open for their roles', async ({
    browser,
  }) => {
    const client = await browser.newPage();
    await logIn(client, 'client@demo.pinpoint.local');
    for (const path of ['/dashboard/admin/run-grids', '/dashboard/employee/top-gbp-clients']) {
      await client.goto(path);
      await notFound(client);
    }
    const admin = await browser.newPage();
    await logIn(admin, 'admin@demo.pinpoint.local');
    await admin.goto('/dashboard/admin/run-grids');
    await expect(admin.getByRole('heading', { name: 'Run grids' })).toBeVisible();
    const employee = await browser.newPage();
    await logIn(employee, 'employee@demo.pinpoint.local');
    await employee.goto('/dashboard/employee/top-gbp-clients');
    await expect(employee.getByRole('heading', { name: 'Top GBP clients' })).toBeVisible();
    await employee.goto('/dashboard/admin/run-grids');
    await notFound(employee);
  });

  test('the trial index goes to the trial overview', async ({ page }) => {
    await logIn(page, 'lead@demo.pinpoint.local');
    await page.goto('/trial');
    await expect(page).toHaveURL(/\/trial\/overview$/);
    await page.goto('/trial/local-rank-grid/history');
    await expect(page.getByRole('heading', { name: 'Rank grid history' })).toBeVisible();
  });
});

test.describe('hosts', () => {
  let other: Browser;
  test.beforeAll(async () => {
    // Names that are not dev hosts, resolved to this machine by Chromium itself.
    other = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--host-resolver-rules=MAP pinpoint.test 127.0.0.1, MAP www.pinpoint.test 127.0.0.1',
      ],
    });
  });
  test.afterAll(() => other.close());

  test('dev-only pages and the timelines variant depend on the host', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.watchBrowser(other);
    await logIn(page, 'client@demo.pinpoint.local');
    await page.goto('/dashboard/test');
    await expect(page.getByRole('heading', { name: 'Test page' })).toBeVisible();
    await page.goto('/dashboard/local-rank-grid/timelines');
    await expect(page.getByRole('heading', { name: 'Rank timelines: data check' })).toBeVisible();

    const base = `http://pinpoint.test:${port}`;
    const remote = await other.newPage({ baseURL: base });
    await logIn(remote, 'client@demo.pinpoint.local');
    await remote.goto(`${base}/dashboard/test`);
    await notFound(remote);
    // Issue 21's dev-only staff pages too (the client is refused them anyway; staff are
    // checked in dev-pages.spec.ts).
    for (const path of [
      '/dashboard/insite-blogs',
      '/dashboard/products/on-hold',
      '/dashboard/products/on-hold-packages',
      '/dashboard/products/social-calendar',
    ]) {
      await remote.goto(`${base}${path}`);
      await notFound(remote);
    }
    await remote.goto(`${base}/dashboard/local-rank-grid/timelines`);
    await expect(
      remote.getByRole('heading', { name: 'Rank timelines', exact: true }),
    ).toBeVisible();
    // No demo accounts on the login page away from dev hosts.
    await remote.goto(`${base}/login`);
    await expect(remote.getByText('Demo accounts')).toHaveCount(0);
    await remote.close();
  });

  test('a www. host redirects to the bare host, keeping path, query and hash', async ({
    pageProblems,
  }) => {
    pageProblems.watchBrowser(other);
    const page = await other.newPage();
    await page.goto(`http://www.pinpoint.test:${port}/signup?ref=ad#plans`);
    await expect(page).toHaveURL(`http://pinpoint.test:${port}/signup?ref=ad#plans`);
    await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
    await page.close();
  });
});
