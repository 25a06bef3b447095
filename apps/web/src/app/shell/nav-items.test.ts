import type { AuthResponse, ProductInstance } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { pathAfterSwitch } from './client-switcher';
import { dashboardNav, NAV_GROUPS } from './nav-items';
import { applyTheme, readStoredTheme, THEME_STORAGE_KEY } from './theme';

function auth(flags: { perm?: boolean; admin?: boolean } = {}): AuthResponse {
  const client = { client_id: 7, name: 'Summit Plumbing', label: 'Summit' };
  return {
    session: {
      exp: Date.now() + 60_000,
      perm: flags.perm ?? false,
      admin: flags.admin ?? false,
      lead: false,
      clients: [client],
      client,
    },
    user: {
      clientId: 7,
      index: 0,
      clientLabel: 'Summit',
      client,
      email: 'a@b.c',
      firstName: 'A',
      lastName: 'B',
      perm: flags.perm ?? false,
      admin: flags.admin ?? false,
      lead: false,
      phoneExt: null,
      auth_type: 'password',
    },
  };
}

const product = (id: number, slug: string, status: ProductInstance['status']): ProductInstance => ({
  id,
  companyId: 7,
  slug,
  name: slug,
  status,
  startDate: '2024-01-01',
  monthlyPriceCents: 100,
});

const encode = (id: number) => `enc${id}`;

describe('dashboardNav', () => {
  it('gives a client the client pages and one entry per active product', () => {
    const items = dashboardNav({
      auth: auth(),
      client: { encodedId: 'enc7' },
      products: [
        product(1, 'google-business-pro', 'active'),
        product(2, 'facebook-ads', 'paused'),
        product(3, 'seo-pro', 'active'),
      ],
      encode,
      hostname: 'app.example.com',
    });
    expect(items.map((i) => i.label)).toEqual([
      'Overview',
      'Activity',
      'Leads center',
      'ROI center',
      'Performance report',
      'Billing',
      'My alerts',
      'Products',
      // An active product with reviews (and posts): the company's across its products.
      'Reviews',
      'Posts',
      // Its Google profile can be asked for reviews.
      'Review requests',
      'Live rank grid',
      'Rank grid history',
      'Rank timelines',
      'Profile',
      'google-business-pro',
    ]);
    expect(items.find((i) => i.label === 'Profile')?.to).toBe('/dashboard/profile/enc7');
    expect(items.find((i) => i.label === 'Review requests')?.to).toBe(
      '/dashboard/review-solicitation/google-business-pro/enc1',
    );
    expect(items.at(-1)).toEqual({
      to: '/dashboard/products/google-business-pro/enc1',
      label: 'google-business-pro',
      group: NAV_GROUPS.products,
    });
  });

  it('shows dev-only products on dev hosts only', () => {
    const items = dashboardNav({
      auth: auth(),
      client: { encodedId: 'enc7' },
      products: [product(3, 'seo-pro', 'active')],
      encode,
      hostname: 'localhost',
    });
    expect(items.at(-1)?.to).toBe('/dashboard/products/seo-pro/enc3');
  });

  it('gives staff their tools first, and no client pages without a client', () => {
    const withClient = dashboardNav({
      auth: auth({ perm: true }),
      client: { encodedId: 'enc7' },
      products: [],
      encode,
      hostname: 'localhost',
    });
    expect(withClient[0]).toMatchObject({ label: 'Employee home', group: NAV_GROUPS.staff });
    expect(withClient.map((i) => i.label)).toContain('Overview');
    const without = dashboardNav({
      auth: auth({ perm: true }),
      client: null,
      products: [],
      encode,
      hostname: 'localhost',
    });
    expect(without.map((i) => i.label)).not.toContain('Overview');
    // The kept-not-sent messages are a staff tool; clients never see the link.
    expect(without.find((i) => i.label === 'Dev outbox')).toMatchObject({
      to: '/dashboard/dev-outbox',
      group: NAV_GROUPS.staff,
    });
    expect(without.find((i) => i.label === 'OMG power tool')).toMatchObject({
      to: '/dashboard/employee/omg-power-tool',
      group: NAV_GROUPS.staff,
    });
    const client = dashboardNav({
      auth: auth({}),
      client: { encodedId: 'enc7' },
      products: [],
      encode,
      hostname: 'localhost',
    });
    expect(client.map((i) => i.label)).not.toContain('Dev outbox');
    expect(client.map((i) => i.label)).not.toContain('OMG power tool');
    expect(client.map((i) => i.label)).not.toContain('Ads estimator');
    expect(client.map((i) => i.label)).not.toContain('InSite blogs');
  });

  it('lists the dev-only staff pages on dev hosts only', () => {
    const devOnly = ['InSite blogs', 'Products on hold', 'Packages on hold', 'Social calendar'];
    const on = (hostname: string) =>
      dashboardNav({ auth: auth({ perm: true }), client: null, products: [], encode, hostname })
        .filter((i) => i.group === NAV_GROUPS.staff)
        .map((i) => i.label);
    expect(on('localhost')).toEqual(expect.arrayContaining([...devOnly, 'Ads estimator']));
    expect(on('app.example.com')).toContain('Ads estimator');
    for (const label of devOnly) expect(on('app.example.com')).not.toContain(label);
  });

  it('gives admins, and only admins, the admin tools', () => {
    const nav = (flags: { perm?: boolean; admin?: boolean }) =>
      dashboardNav({ auth: auth(flags), client: null, products: [], encode, hostname: 'localhost' })
        .filter((i) => i.group === NAV_GROUPS.admin)
        .map((i) => i.to);
    expect(nav({ admin: true })).toEqual([
      '/dashboard/admin/run-grids',
      '/dashboard/admin/grid-report',
      '/dashboard/admin/lsa-verticals',
    ]);
    expect(nav({ perm: true })).toEqual([]);
    expect(nav({})).toEqual([]);
  });
});

describe('pathAfterSwitch', () => {
  it('leaves pages without ids alone and moves off pages that name the old client', () => {
    expect(pathAfterSwitch('/dashboard/activity', 9)).toBeNull();
    expect(pathAfterSwitch('/dashboard/products', 9)).toBeNull();
    expect(pathAfterSwitch('/dashboard/overview/abc+1-xxxxxxxxxx', 9)).toBe('/dashboard/overview');
    expect(pathAfterSwitch('/dashboard/products/google-ads/x/all-ads', 9)).toBe(
      '/dashboard/products',
    );
    expect(pathAfterSwitch('/dashboard/profile/abc+1-xxxxxxxxxx', 9)).toMatch(
      /^\/dashboard\/profile\/[a-zA-Z]+\+[123]-[A-Za-z0-9]{10}$/,
    );
  });
});

describe('theme', () => {
  it('is light unless dark was chosen, and sets data-bs-theme', () => {
    const storage = new Map<string, string>();
    const get = { getItem: (key: string) => storage.get(key) ?? null };
    expect(readStoredTheme(get)).toBe('light');
    storage.set(THEME_STORAGE_KEY, 'dark');
    expect(readStoredTheme(get)).toBe('dark');
    storage.set(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme(get)).toBe('light');
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.getAttribute('data-bs-theme')).toBe('dark');
  });
});
