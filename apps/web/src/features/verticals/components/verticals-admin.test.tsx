import type { LsaCategoryInfo, Vertical } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { VerticalsAdmin } from './verticals-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const vertical = (over: Partial<Vertical>): Vertical => ({
  id: 3,
  slug: 'water-damage',
  name: 'Water damage restoration',
  lsaCategory: 'water_damage',
  createdAt: '2026-02-10T15:00:00.000Z',
  updatedAt: '2026-10-01T15:00:00.000Z',
  ...over,
});

const verticals = [
  vertical({}),
  vertical({ id: 4, slug: 'hvac', name: 'HVAC', lsaCategory: 'hvac_old' }),
  vertical({ id: 5, slug: 'towing', name: 'Towing', lsaCategory: null }),
];

const categories = [
  { id: 'water_damage', name: 'Water Damage', group: 'Home services' },
  { id: 'plumbing', name: 'Plumbing', group: 'Home services' },
  { id: 'immigration_attorney', name: 'Immigration Attorney', group: 'Legal' },
];

const plumbingInfo: LsaCategoryInfo = {
  id: 'plumbing',
  name: 'Plumbing',
  group: 'Home services',
  serviceTypes: ['Drain cleaning', 'Water heater repair', 'Leak detection'],
  suggested: { slug: 'plumbing', name: 'Plumbing' },
  verticals: [],
  source: 'demo',
};

const taken = reply(409, {
  error: {
    code: 'CONFLICT',
    message: 'Check the highlighted fields.',
    details: [{ path: 'body.slug', message: 'This slug is taken.' }],
  },
});

function server(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/vertical/admin/list': ({ query }) =>
      query.get('q') === 'roofing'
        ? { items: [], page: 1, pageSize: 50, total: 0 }
        : { items: verticals, page: Number(query.get('page')), pageSize: 50, total: 120 },
    'GET /api/vertical/admin/pull/list': () => ({ categories, source: 'demo' }),
    'POST /api/vertical/admin/pull/info': () => plumbingInfo,
    ...routes,
  });
}

describe('verticals admin', () => {
  it('lists verticals with their category’s name, searches and pages', async () => {
    const api = server();
    renderWithApp(<VerticalsAdmin />);
    const table = await screen.findByRole('table', { name: 'Verticals' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].slice(0, 4).map((c) => c.textContent))).toEqual([
      ['Water damage restoration', 'water-damage', 'Water Damage', '10/01/2026'],
      // A category missing from the catalogue shows its id; an unmapped one a dash.
      ['HVAC', 'hvac', 'hvac_old', '10/01/2026'],
      ['Towing', 'towing', '—', '10/01/2026'],
    ]);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search verticals'), { target: { value: ' roofing ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No vertical matches “roofing”.')).toBeTruthy();
    const lists = api.calls.filter((c) => c.path === '/api/vertical/admin/list');
    expect(lists.map((c) => c.query.toString())).toEqual(['page=1', 'page=2', 'page=1&q=roofing']);
  });

  it('checks a new vertical with the shared rules, and shows the server’s on the field', async () => {
    const answers = [taken];
    const api = server({
      'POST /api/vertical/admin/create': ({ data }) =>
        answers.shift() ?? reply(201, vertical({ id: 9, ...data })),
    });
    renderWithApp(<VerticalsAdmin />);
    const form = await screen.findByRole('form', { name: 'New vertical' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create vertical' }));
    expect(await within(form).findByText('Enter a name.')).toBeTruthy();
    expect(within(form).getByText('Enter a slug.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Pest control' } });
    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'Pest_Control' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create vertical' }));
    expect(
      await within(form).findByText(
        'Use lowercase letters and digits joined by single hyphens, like water-damage.',
      ),
    ).toBeTruthy();
    expect(within(form).getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.path === '/api/vertical/admin/create')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'pest-control' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create vertical' }));
    expect(await within(form).findByText('This slug is taken.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'pest-control-2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create vertical' }));
    expect(await screen.findByText('Created “Pest control” (pest-control-2).')).toBeTruthy();
    const created = api.calls.filter((c) => c.path === '/api/vertical/admin/create');
    expect(created.at(-1)?.data).toEqual({
      name: 'Pest control',
      slug: 'pest-control-2',
      lsaCategory: null,
    });
  });

  it('edits a vertical in place, keeping a category the catalogue no longer has', async () => {
    const api = server({
      'PUT /api/vertical/admin/update/:id': ({ data }) => vertical({ id: 4, ...data }),
    });
    renderWithApp(<VerticalsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit HVAC' }));
    const form = screen.getByRole('form', { name: 'Edit vertical' });
    expect(screen.getByRole('heading', { name: 'Edit “HVAC”' })).toBeTruthy();
    const category = within(form).getByLabelText('LSA category') as HTMLSelectElement;
    expect(category.value).toBe('hvac_old');
    expect(category.selectedOptions[0]?.text).toBe('hvac_old (not in the catalogue)');

    fireEvent.change(within(form).getByLabelText('Name'), {
      target: { value: '  Heating & air  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved “Heating & air” (hvac).')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/vertical/admin/update/4',
      data: { name: 'Heating & air', slug: 'hvac', lsaCategory: 'hvac_old' },
    });
    // Back to a blank "new vertical" form.
    await waitFor(() => expect(screen.getByRole('form', { name: 'New vertical' })).toBeTruthy());
  });

  it('starts a new vertical from an LSA category', async () => {
    const api = server();
    renderWithApp(<VerticalsAdmin />);
    expect(await screen.findByText(/Pinpoint’s built-in list of Local Services Ads/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'plumbing' } });
    const info = await screen.findByTestId('lsa-category-info');
    expect(
      within(info).getByText('Service types: Drain cleaning, Water heater repair, Leak detection'),
    ).toBeTruthy();
    expect(within(info).getByText('No vertical is mapped to it yet.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/vertical/admin/pull/info')?.data).toEqual({
      categoryId: 'plumbing',
    });

    fireEvent.click(within(info).getByRole('button', { name: 'Start a new vertical from it' }));
    const form = screen.getByRole('form', { name: 'New vertical' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Plumbing');
    expect((within(form).getByLabelText('Slug') as HTMLInputElement).value).toBe('plumbing');
    expect((within(form).getByLabelText('LSA category') as HTMLSelectElement).value).toBe(
      'plumbing',
    );
  });
});
