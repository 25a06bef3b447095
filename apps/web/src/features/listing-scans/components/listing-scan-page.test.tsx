import type { ListingScanData, ListingScanRow, ListingScanSummary } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { fixableFields } from './directory-table';
import ListingScanPage from './listing-scan-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHECKED = '2026-11-28T09:30:00.000Z';

const summary: ListingScanSummary = {
  kind: 'directory-scan',
  productId: 66,
  companyId: 4,
  score: 72,
  checkedAt: CHECKED,
  counts: { directories: 24, found: 18, notFound: 4, mismatched: 5, duplicates: 1, unavailable: 2 },
  running: null,
  ours: {
    name: 'Harbor Smiles Orthodontics',
    address: '2100 S Lamar Blvd, Suite 210, Austin, TX 78704',
    phone: '(512) 555-0134',
    website: null,
  },
  canManage: true,
};

const found = (
  directory: string,
  name: string,
  extra: Partial<ListingScanRow>,
): ListingScanRow => ({
  directory,
  name,
  url: `https://www.${directory}.com`,
  status: 'found',
  listingUrl: `https://www.${directory}.com/biz/harbor-smiles-orthodontics-austin`,
  found: {
    name: 'Harbor Smiles Orthodontics',
    address: '2100 S Lamar Blvd, Suite 210, Austin, TX 78704',
    phone: '(512) 555-0134',
    website: 'https://harborsmiles.example.com',
  },
  fields: { name: 'match', address: 'match', phone: 'match', website: 'not_compared' },
  duplicates: 0,
  reason: null,
  checkedAt: CHECKED,
  fix: null,
  ...extra,
});
const fix = (status: 'pending' | 'sent' | 'failed', error: string | null = null) => ({
  outboxId: 3_300,
  status,
  fields: ['phone' as const],
  error,
  createdAt: CHECKED,
  sentAt: status === 'sent' ? CHECKED : null,
});

const ROWS: ListingScanRow[] = [
  found('yelp', 'Yelp', {
    found: {
      name: 'Harbor Smiles Orthodontics',
      address: '2100 S Lamar Blvd Ste 210, Austin, TX 78704',
      phone: '(512) 555-0100',
      website: null,
    },
    fields: { name: 'match', address: 'match', phone: 'mismatch', website: 'missing' },
    duplicates: 1,
  }),
  found('bing', 'Bing Places', { fix: fix('sent') }),
  found('foursquare', 'Foursquare', {
    fields: { name: 'match', address: 'match', phone: 'mismatch' },
    fix: fix('pending'),
  }),
  found('mapquest', 'MapQuest', {
    fields: { name: 'match', address: 'missing', phone: 'match' },
    fix: fix('failed', 'The directory refused the address.'),
  }),
  {
    ...found('superpages', 'Superpages', {}),
    status: 'not_found',
    listingUrl: null,
    found: null,
    fields: {},
  },
  {
    ...found('citysearch', 'Citysearch', {}),
    status: 'unavailable',
    listingUrl: null,
    found: null,
    fields: {},
    reason: 'The vendor timed out.',
  },
];

function data(request: FakeRequest, items = ROWS, total = items.length): ListingScanData {
  return {
    productId: 66,
    scanId: 812,
    checkedAt: CHECKED,
    items,
    total,
    page: Number(request.query.get('page')),
    pageSize: Number(request.query.get('pageSize')),
    history: [
      { scanId: 790, at: '2026-09-28T09:30:00.000Z', score: 58 },
      { scanId: 801, at: '2026-10-28T09:30:00.000Z', score: 64 },
      { scanId: 812, at: CHECKED, score: 72 },
    ],
  };
}

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/uni/products/listings/:productId': () => summary,
    'GET /api/uni/products/listings/data/:productId': (r) => data(r),
    'POST /api/uni/products/listings/:productId/rescan': () => ({
      scanId: 813,
      started: true,
      total: 24,
    }),
    'POST /api/uni/products/listings/:productId/fix': ({ data: body }) => ({
      ...fix('pending'),
      fields: body.fields,
    }),
    ...routes,
  });
}

const show = () => renderWithApp(<ListingScanPage productId={66} />);
const rowOf = (name: string) =>
  screen.getByRole('row', { name: new RegExp(`^${name}`) }) as HTMLTableRowElement;
const cell = (name: string, index: number) => rowOf(name).cells[index]?.textContent;

describe('fixableFields', () => {
  it('offers to fix the fields a found listing shows wrongly or not at all', () => {
    expect(fixableFields(ROWS[0] as ListingScanRow)).toEqual(['phone', 'website']);
    expect(fixableFields(ROWS[1] as ListingScanRow)).toEqual([]);
    expect(fixableFields(ROWS[4] as ListingScanRow)).toEqual([]);
  });
});

describe('ListingScanPage', () => {
  it('shows the score, the counts, our values and the score over time', async () => {
    serve();
    show();
    expect((await screen.findByTestId('listing-score')).textContent).toBe('72 / 100');
    expect(screen.getByText(/^Last scanned \d\d\/\d\d\/2026/)).toBeTruthy();
    const counts = [...document.querySelectorAll('dl.row')][0] as HTMLElement;
    expect(
      [...counts.querySelectorAll('dt')].map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      ),
    ).toEqual([
      'Listed on: 18 of 24',
      'With mismatches: 5',
      'Not found: 4',
      'With duplicates: 1',
      'Data unavailable: 2',
    ]);
    expect(screen.getByText('2100 S Lamar Blvd, Suite 210, Austin, TX 78704')).toBeTruthy();
    expect(screen.getByText('none')).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'Score over 3 scans: from 58 to 72' }),
    ).toBeTruthy();
    const history = screen.getByRole('table', { name: 'NAP consistency score by scan' });
    expect(
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['11/28/202672', '10/28/202664', '09/28/202658']);
  });

  it('says field by field what each directory shows wrongly, and how its fix went', async () => {
    serve();
    show();
    await screen.findByRole('table', { name: 'Directories' });
    expect(cell('Yelp', 1)).toBe('Found');
    expect(cell('Yelp', 2)).toBe(
      'Phone: shows “(512) 555-0100”Website: missingDuplicate: 1 other listing of this business',
    );
    expect(within(rowOf('Yelp')).getByRole('link', { name: 'Yelp' }).getAttribute('href')).toBe(
      'https://www.yelp.com/biz/harbor-smiles-orthodontics-austin',
    );
    expect(cell('Bing Places', 2)).toBe('Name, address, phone and website match.');
    expect(cell('Bing Places', 4)).toBe('Fix sent: the next scan confirms it');
    expect(cell('Foursquare', 4)).toBe('Fix pending');
    expect(cell('MapQuest', 4)).toBe('Fix failed: The directory refused the address.Fix');
    expect(cell('Superpages', 1)).toBe('Not found');
    expect(cell('Superpages', 2)).toBe('The business is not listed here.');
    expect(cell('Citysearch', 1)).toBe('Unavailable');
    expect(cell('Citysearch', 2)).toBe('Listing data unavailableThe vendor timed out.');
    // A fix is offered where one is needed and none is on its way.
    expect(
      screen.getAllByRole('button', { name: /^Fix / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Fix phone, website on Yelp', 'Fix address on MapQuest']);
  });

  it('queues a fix of the wrong fields, once per click, and says when it was refused', async () => {
    let refuse = false;
    const api = serve({
      'POST /api/uni/products/listings/:productId/fix': ({ data: body }) =>
        refuse
          ? replyError(409, 'CONFLICT', 'A fix for this directory is already queued.')
          : { ...fix('pending'), fields: body.fields },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Fix phone, website on Yelp' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith('/fix'))).toHaveLength(1));
    const sent = api.calls.find((c) => c.path.endsWith('/fix'));
    expect(sent?.path).toBe('/api/uni/products/listings/66/fix');
    expect(sent?.data).toEqual({
      directory: 'yelp',
      fields: ['phone', 'website'],
      idempotencyKey: expect.stringMatching(/^[\w-]{8,100}$/),
    });

    refuse = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Fix address on MapQuest' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The fix was not queued: A fix for this directory is already queued.',
    );
    const keys = api.calls.filter((c) => c.path.endsWith('/fix')).map((c) => c.data.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('filters and searches the directories from the first page', async () => {
    const api = serve({
      'GET /api/uni/products/listings/data/:productId': (r) =>
        r.query.get('status') === 'mismatch' ? data(r, [], 0) : data(r, ROWS, 14),
    });
    show();
    const pages = await screen.findByRole('navigation', { name: 'Directory pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages.textContent).toContain('Page 2 of 2'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'yelp' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'mismatch' } });
    expect(await screen.findByText('No directory matches these filters.')).toBeTruthy();
    const asked = api.calls
      .filter((c) => c.path.includes('/data/'))
      .map((c) => Object.fromEntries(c.query.entries()));
    expect(asked).toEqual([
      { status: 'all', page: '1', pageSize: '10' },
      { status: 'all', page: '2', pageSize: '10' },
      { status: 'all', page: '1', pageSize: '10', q: 'yelp' },
      { status: 'mismatch', page: '1', pageSize: '10', q: 'yelp' },
    ]);
    expect(
      [...(screen.getByLabelText('Show') as HTMLSelectElement).options].map((o) => o.text),
    ).toEqual(['All directories', 'Found', 'Not found', 'With mismatches', 'With duplicates']);
  });

  it('follows a running scan instead of offering a rescan, and starts one for staff', async () => {
    serve({
      'GET /api/uni/products/listings/:productId': () => ({
        ...summary,
        running: { scanId: 813, done: 9, total: 24 },
      }),
    });
    show();
    const progress = await screen.findByRole('progressbar', { name: 'Scan progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('9');
    expect(screen.getByText(/Scanning: 9 of 24 directories checked/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rescan' })).toBeNull();
    cleanup();

    const api = serve({
      'POST /api/uni/products/listings/:productId/rescan': () =>
        replyError(429, 'RATE_LIMITED', 'One scan a day; try again tomorrow.'),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Rescan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The scan did not start: One scan a day; try again tomorrow.',
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/uni/products/listings/66/rescan',
    ]);
  });

  it('offers no rescan or fix to clients, and explains an empty first table', async () => {
    serve({
      'GET /api/uni/products/listings/:productId': () => ({
        ...summary,
        score: null,
        checkedAt: null,
        canManage: false,
      }),
      'GET /api/uni/products/listings/data/:productId': (r) => ({
        ...data(r, [], 0),
        scanId: null,
        checkedAt: null,
        history: [],
      }),
    });
    show();
    expect(
      await screen.findByText(
        'No scan yet: the first scan runs within a day of the product starting.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('listing-score').textContent).toBe('— / 100');
    expect(screen.getByText('Not scanned yet')).toBeTruthy();
    expect(screen.getByText('No finished scans yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rescan' })).toBeNull();
  });

  it('shows why the scan could not be loaded', async () => {
    serve({
      'GET /api/uni/products/listings/:productId': () =>
        replyError(404, 'NOT_FOUND', 'No such listings product.'),
    });
    show();
    expect(
      await screen.findByText(/The listings scan could not be loaded: No such listings product\./),
    ).toBeTruthy();
  });
});
