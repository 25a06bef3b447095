import type { FormSubmission, FormSubmissionList, ProductPage } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ContactSubmissionsPanel } from './contact-submissions-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const productPage: ProductPage = {
  product: {
    id: 618,
    companyId: 42,
    slug: 'omgincontact',
    name: 'OMG InContact',
    status: 'active',
    startDate: '2025-04-01',
    monthlyPriceCents: 9_900,
  },
  company: { id: 42, name: 'Hill Country Dental', timeZone: 'America/Chicago' },
  connectionId: null,
};

const message = (over: Partial<FormSubmission>): FormSubmission => ({
  id: 7001,
  name: 'Angela Brooks',
  email: 'angela.brooks@example.com',
  phone: '+15125550199',
  message: 'Do you have any openings for a cleaning next Tuesday afternoon?',
  page: '/contact',
  receivedAt: '2026-11-28T20:14:00.000Z',
  ...over,
});

const page = (over: Partial<FormSubmissionList>): FormSubmissionList => ({
  items: [
    message({}),
    message({
      id: 7000,
      name: 'Tomás Rivera',
      email: null,
      phone: '+44 20 7946 0958',
      message: 'Is parking available?',
    }),
  ],
  total: 45,
  page: 1,
  pageSize: 20,
  site: { url: 'https://www.hillcountrydental.example', isDemo: false },
  ...over,
});

const SUBMISSIONS = 'GET /api/uni/products/:api/:productId/submissions';
const lists = (calls: FakeRequest[]) => calls.filter((c) => c.path.endsWith('/submissions'));

function server(answer: (query: URLSearchParams) => FormSubmissionList) {
  return fakeApi({
    'GET /api/uni/products/item/:productId': () => productPage,
    [SUBMISSIONS]: ({ query }) => answer(query),
  });
}

describe('contact-form messages', () => {
  it('lists the messages with ways to answer them, and pages', async () => {
    const api = server((query) => page({ page: Number(query.get('page')) }));
    renderWithApp(<ContactSubmissionsPanel productId={618} />);
    const table = await screen.findByTestId('submissions-table');
    expect(screen.getByText('45 messages.')).toBeTruthy();
    expect(lists(api.calls)[0]?.path).toBe('/api/uni/products/omgincontact/618/submissions');
    expect(lists(api.calls)[0]?.query.toString()).toBe('page=1&pageSize=20');

    const angela = within(table).getByRole('row', { name: /Angela Brooks/ });
    expect(
      within(angela).getByRole('link', { name: 'angela.brooks@example.com' }).getAttribute('href'),
    ).toBe('mailto:angela.brooks@example.com');
    // US numbers read as people write them; others as stored.
    expect(within(angela).getByRole('link', { name: '(512) 555-0199' }).getAttribute('href')).toBe(
      'tel:+15125550199',
    );
    const tomas = within(table).getByRole('row', { name: /Tomás Rivera/ });
    expect(
      within(tomas)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['+44 20 7946 0958']);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lists(api.calls).at(-1)?.query.get('page')).toBe('2');
  });

  it('checks the days before filtering, then filters by text and days in the viewer’s zone', async () => {
    const api = server((query) => (query.get('q') ? page({ items: [], total: 0 }) : page({})));
    renderWithApp(<ContactSubmissionsPanel productId={618} />);
    await screen.findByTestId('submissions-table');
    const filter = screen.getByRole('form', { name: 'Filter messages' });

    fireEvent.change(within(filter).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Filter' }));
    expect((await within(filter).findByRole('alert')).textContent).toBe(
      'Give both dates, or neither.',
    );

    fireEvent.change(within(filter).getByLabelText('To'), { target: { value: '2026-10-15' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Filter' }));
    expect(within(filter).getByRole('alert').textContent).toBe(
      'The end date must be on or after the start.',
    );
    expect(lists(api.calls)).toHaveLength(1);

    fireEvent.change(within(filter).getByLabelText('To'), { target: { value: '2026-11-29' } });
    fireEvent.change(within(filter).getByLabelText('Search'), { target: { value: ' cleaning ' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Filter' }));
    expect((await screen.findByTestId('submissions-empty')).textContent).toBe(
      'No messages match these filters.',
    );
    expect(within(filter).queryByRole('alert')).toBeNull();
    const query = lists(api.calls).at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: '1',
      pageSize: '20',
      q: 'cleaning',
      from: '2026-11-01',
      to: '2026-11-29',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    fireEvent.click(within(filter).getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(lists(api.calls).at(-1)?.query.toString()).toBe('page=1&pageSize=20'),
    );
    expect((within(filter).getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(within(filter).queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('says when there are no messages yet, or no website', async () => {
    server(() => page({ items: [], total: 0 }));
    const { unmount } = renderWithApp(<ContactSubmissionsPanel productId={618} />);
    expect((await screen.findByTestId('submissions-empty')).textContent).toMatch(
      /^No messages yet\./,
    );
    unmount();
    vi.unstubAllGlobals();

    server(() => page({ items: [], total: 0, site: null }));
    renderWithApp(<ContactSubmissionsPanel productId={618} />);
    expect(await screen.findByText('This product has no website yet.')).toBeTruthy();
  });
});
