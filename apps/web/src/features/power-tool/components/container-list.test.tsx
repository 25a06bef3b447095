import { decodeId, type SalesContainerListItem } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { type ContainerFilters, ContainerList } from './container-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/sales/containers';
const NO_FILTERS: ContainerFilters = { q: '', stage: null, owner: 'mine', page: 1 };

const item = (over: Partial<SalesContainerListItem>): SalesContainerListItem => ({
  id: 204,
  companyId: 9120,
  name: 'Bluebonnet Family Dentistry',
  stage: 'shared',
  ownerName: 'Dana Staff',
  address: '4410 Burnet Rd, Austin, TX 78756',
  keywords: ['dentist near me', 'emergency dentist'],
  updatedAt: '2026-11-27T17:00:00.000Z',
  createdAt: '2026-11-02T15:00:00.000Z',
  grids: 2,
  latestAtrp: 6.84,
  recommendations: 5,
  ...over,
});

/** The list with its filters kept by the page, as the route keeps them in the address. */
function Harness({ admin, onStart }: { admin: boolean; onStart: () => void }) {
  const [filters, setFilters] = useState<ContainerFilters>(NO_FILTERS);
  return <ContainerList filters={filters} admin={admin} onChange={setFilters} onStart={onStart} />;
}

function server(total = 2) {
  return fakeApi({
    [LIST]: ({ query }) =>
      query.get('q') === 'pizza' || query.get('stage') === 'lost'
        ? { items: [], page: 1, pageSize: 20, total: 0 }
        : {
            items: [
              item({}),
              item({
                id: 205,
                name: 'Eastside Auto Glass',
                stage: 'prospecting',
                ownerName: null,
                address: null,
                keywords: [],
                grids: 0,
                latestAtrp: null,
                recommendations: 0,
              }),
            ],
            page: Number(query.get('page') ?? 1),
            pageSize: 20,
            total,
          },
  });
}

const lastQuery = (calls: FakeRequest[]) => calls.at(-1)?.query.toString();

describe('the workspace list', () => {
  it('lists each workspace with its stage, keywords and latest rank, linking to it', async () => {
    const api = server();
    renderWithApp(<Harness admin={false} onStart={() => {}} />);
    const table = await screen.findByTestId('power-tool-list');
    expect(within(table).getByText('2 workspaces, latest change first')).toBeTruthy();
    expect(lastQuery(api.calls)).toBe('owner=mine');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].slice(1).map((c) => c.textContent))).toEqual([
      [
        'Report shared',
        'Dana Staff',
        'dentist near me, emergency dentist',
        '2',
        '6.8',
        '5',
        '11/27/2026',
      ],
      ['Prospecting', '—', '—', '0', '—', '0', '11/27/2026'],
    ]);
    const link = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'Bluebonnet Family Dentistry',
    });
    const encoded = link.getAttribute('href')?.split('/').at(-1) ?? '';
    expect(link.getAttribute('href')).toMatch(/^\/dashboard\/employee\/omg-power-tool\//);
    expect(decodeId(encoded)).toBe(204);
    // The owner filter is for admins only.
    expect(screen.queryByLabelText('Owner')).toBeNull();
  });

  it('searches, filters by stage and owner, pages, and clears the filters', async () => {
    const api = server(45);
    renderWithApp(<Harness admin onStart={() => {}} />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lastQuery(api.calls)).toBe('owner=mine&page=2');

    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: 'all' } });
    expect(await screen.findByRole('heading', { name: 'Every workspace' })).toBeTruthy();
    await waitFor(() => expect(lastQuery(api.calls)).toBe('owner=all'));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  pizza ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('power-tool-empty')).textContent).toMatch(
      /^No workspace matches these filters\./,
    );
    expect(lastQuery(api.calls)).toBe('q=pizza&owner=all');

    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'lost' } });
    await waitFor(() => expect(lastQuery(api.calls)).toBe('q=pizza&stage=lost&owner=all'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByTestId('power-tool-list')).toBeTruthy();
    expect(lastQuery(api.calls)).toBe('owner=all');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });

  it('explains workspaces and opens the search when there is none yet', async () => {
    fakeApi({ [LIST]: () => ({ items: [], page: 1, pageSize: 20, total: 0 }) });
    const onStart = vi.fn();
    renderWithApp(<Harness admin={false} onStart={onStart} />);
    const empty = await screen.findByTestId('power-tool-empty');
    expect(empty.textContent).toMatch(/^No prospect workspaces yet\./);
    fireEvent.click(within(empty).getByRole('button', { name: 'Start with “New prospect”' }));
    expect(onStart).toHaveBeenCalled();
  });
});
